package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Definitions that used to crash {@code sluice validate} or {@code sluice exec} with a stack trace,
 * each now answered with its exit code and the problem lines a user acts on.
 */
class ValidateRegressionTest {
    private static String shape(String name) {
        return ValidateCorpusTest.REAL_SHAPES.resolve(name + ".json").toString();
    }

    private static String hostile(String name) {
        return ValidateCorpusTest.HOSTILE.resolve(name).toString();
    }

    @Test
    void aMappedServiceIntegrationIsValidWithoutAWarningAndAnUnmappedOneWarnsNamingStateAndPlatform() {
        String glue = shape("glue-job-sync");
        CliRun r = CliRun.of("validate", glue);
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains(glue + ": valid");
        assertThat(r.err()).as("glue and sns are mapped locally").isEmpty();
        String ecs = shape("ecs-and-batch");
        CliRun local = CliRun.of("validate", ecs);
        assertThat(local.exit()).isZero();
        assertThat(local.err()).contains(ecs + ": /States/Run container/Resource: warning: State 'Run container' cannot run on"
                + " platform local: Resource 'arn:aws:states:::ecs:runTask.sync'.");
        CliRun aws = CliRun.of("validate", "--platform", "aws", ecs);
        assertThat(aws.exit()).isZero();
        assertThat(aws.err()).as("the AWS host carries no ECS or Batch SDK").contains("cannot run on platform aws")
                .contains("software.amazon.awssdk:ecs");
        CliRun awsGlue = CliRun.of("validate", "--platform", "aws", glue);
        assertThat(awsGlue.err()).as("glue and sns run on AWS").isEmpty();
        assertThat(awsGlue.out()).as("what task-worker's role must be granted").contains(
                glue + ": needs on AWS: glue:StartJobRun on arn:aws:glue:*:*:job/orders-nightly-load (state 'Run load job')",
                glue + ": needs on AWS: glue:GetJobRun on arn:aws:glue:*:*:job/orders-nightly-load (state 'Run load job')",
                glue + ": needs on AWS: sns:Publish on arn:aws:sns:eu-west-1:111122223333:data-team (state 'Tell the team it worked')");
        assertThat(awsGlue.out()).as("once each").doesNotContain("'Tell the team it failed'");
        assertThat(r.out()).as("only with --platform aws").doesNotContain("needs on AWS");
        CliRun azure = CliRun.of("validate", "--platform", "azure", ecs);
        assertThat(azure.err()).contains("cannot run on platform azure");
        CliRun wrong = CliRun.of("validate", "--platform", "gcp", ecs);
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.err()).contains("--platform must be local, aws or azure");
    }

    @Test
    void everyResourceFormStepFunctionsAcceptsIsValid() {
        for (String name : new String[] {"nested-executions", "http-invoke", "activity-worker", "dynamodb-order-table",
                "s3-objects", "sqs-callback", "ecs-and-batch", "lambda-forms", "emr-codebuild-sagemaker", "athena-parallel",
                "express-child-sync", "notify-fanout", "glue-crawler-poll"}) {
            CliRun r = CliRun.of("validate", shape(name));
            assertThat(r.exit()).as(name + ": " + r.err()).isZero();
        }
        for (String platform : new String[] {"local", "aws", "azure"}) {
            assertThat(CliRun.of("validate", "--platform", platform, shape("activity-worker")).err()).as(platform)
                    .doesNotContain("activit");
        }
        assertThat(CliRun.of("validate", shape("ecs-and-batch")).err()).contains("/States/Run container/Credentials: warning:");
    }

    @Test
    void execRunsAServiceIntegrationFromMocksAndFailsItWithoutThem() {
        String mocks = hostile("glue.mocks.json");
        CliRun mocked = CliRun.of("exec", shape("glue-job-sync"), "--input", "{\"businessDate\": \"2026-11-29\"}",
                "--mocks", mocks, "--test-case", "LoadWorks");
        assertThat(mocked.exit()).as(mocked.err()).isZero();
        assertThat(Json.parse(mocked.out())).isEqualTo(Json.parse("{\"MessageId\": \"m-1\"}"));

        CliRun noInput = CliRun.of("exec", shape("glue-job-sync"));
        assertThat(Json.parse(noInput.out()).get("error").asText()).as("an unresolvable Parameters path, which no Catch handles")
                .isEqualTo("States.Runtime");
        CliRun bare = CliRun.of("exec", shape("glue-job-sync"), "--input", "{\"businessDate\": \"2026-11-29\"}");
        assertThat(bare.exit()).isEqualTo(1);
        assertThat(Json.parse(bare.out()).get("cause").asText()).contains("'arn:aws:states:::glue:startJobRun.sync'")
                .contains("add --mocks FILE --test-case NAME").doesNotContain("null");

        CliRun unmapped = CliRun.of("exec", shape("ecs-and-batch"), "--input", "{\"day\": \"2026-11-29\"}");
        assertThat(unmapped.exit()).isEqualTo(1);
        assertThat(Json.parse(unmapped.out()).get("error").asText()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(Json.parse(unmapped.out()).get("cause").asText()).contains("platform local").contains("ecs:runTask");
    }

    @Test
    void aFailCausePathWithAnIntrinsicCallRuns() {
        CliRun r = CliRun.of("exec", shape("wait-and-timestamps"), "--input",
                "{\"cutOff\": \"2020-01-01T00:00:00Z\", \"delay\": 0, \"retries\": 4, \"error\": \"Too.Many\"}");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse("{\"error\": \"Too.Many\", \"cause\": \"after 4 tries\"}"));
    }

    @Test
    void jsonataAndAssignValidateAndTheDistributedMapsAndNestedExecutionsToo() {
        CliRun jsonata = CliRun.of("validate", shape("jsonata-orders"));
        assertThat(jsonata.err().lines().filter(l -> !l.contains(": warning: "))).as(jsonata.err()).isEmpty();
        CliRun assign = CliRun.of("validate", shape("assign-variables"));
        assertThat(assign.err()).doesNotContain("Assign");
        for (String name : new String[] {"distributed-map-s3-listing", "distributed-map-csv"}) {
            CliRun map = CliRun.of("validate", shape(name));
            assertThat(map.err().lines().filter(l -> !l.contains(": warning: "))).as(map.err()).isEmpty();
            assertThat(map.err()).doesNotContain("ItemReader").doesNotContain("ProcessorConfig");
        }
        CliRun nested = CliRun.of("validate", shape("nested-executions"));
        assertThat(nested.exit()).as(nested.err()).isZero();
        assertThat(nested.err()).as("startExecution runs in Sluice: no warning").doesNotContain("states:startExecution");
    }

    @Test
    void aSamPlaceholderIsNamedAsOne() {
        CliRun r = CliRun.of("validate", shape("sam-placeholders"));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("/States/Validate/Resource: Resource '${ValidateFunctionArn}' holds a ${...} placeholder")
                .contains("/States/Store/Resource: Resource 'arn:${AWS::Partition}:states:::dynamodb:putItem' holds a ${...}");
    }

    @Test
    void wrongTypesEverywhereAreAllReportedAtOnce() {
        String file = hostile("wrong-types-everywhere.json");
        CliRun r = CliRun.of("validate", file);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(file + ": /StartAt: StartAt must be a string")
                .contains(file + ": /States/Task/Resource: Resource must be a string")
                .contains(file + ": /States/Task/Retry: Retry must be an array")
                .contains(file + ": /States/Map2/ItemProcessor/ProcessorConfig: ProcessorConfig must be an object")
                .contains(file + ": /States/Nothing: State 'Nothing' must be an object");
        assertThat(r.err().lines().count()).isGreaterThan(25);
    }

    @Test
    void resourcesOfNoKnownFormAreProblemsThatListTheForms() {
        String file = hostile("unknown-resource-forms.json");
        CliRun r = CliRun.of("validate", file);
        assertThat(r.exit()).isEqualTo(2);
        for (String state : new String[] {"A", "B", "C", "D", "E", "F", "G", "H"}) {
            assertThat(r.err()).contains(file + ": /States/" + state + "/Resource: Resource '");
        }
        assertThat(r.err()).contains("arn:aws:states:::<service>:<action>[.sync|.sync:2|.waitForTaskToken]");
    }

    @Test
    void filesThatAreNotDefinitionsAreReportedAtTheRoot() {
        for (String name : new String[] {"empty.json", "top-level-array.json", "top-level-string.json", "top-level-null.json"}) {
            CliRun r = CliRun.of("validate", hostile(name));
            assertThat(r.exit()).as(name).isEqualTo(2);
            assertThat(r.err()).as(name).contains(hostile(name) + ": /: A definition must be a JSON object");
        }
        CliRun truncated = CliRun.of("validate", hostile("truncated.json"));
        assertThat(truncated.exit()).isEqualTo(2);
        assertThat(truncated.err()).contains(": /: not valid JSON");
    }

    @Test
    void deepNestingIsValidatedWithoutOverflowingTheStack() {
        CliRun r = CliRun.of("validate", hostile("deep-nesting.json"));
        assertThat(r.exit()).as(r.err()).isZero();
    }

    @Test
    void aPatternConfigIsCheckedAgainstItsPatternsSchema() {
        assertThat(CliRun.of("validate", example("patterns/ingestion.config.json")).exit()).isZero();
        assertThat(CliRun.of("validate", example("retail/pipelines/orders.config.json")).exit()).isZero();
        CliRun all = CliRun.of("validate", example("patterns/export.config.json"), example("patterns/simulation.config.json"),
                example("patterns/manual-upload.config.json"));
        assertThat(all.exit()).as(all.err()).isZero();

        String bad = hostile("glue-pipeline.config.json");
        CliRun r = CliRun.of("validate", bad);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(bad + ": /nonsense: ").doesNotContain("StartAt").doesNotContain("States");
        CliRun unknown = CliRun.of("validate", hostile("unknown-pattern.config.json"));
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("/pattern: There is no pattern 'ingestoin'");
        assertThat(Path.of(bad)).exists();
    }
}
