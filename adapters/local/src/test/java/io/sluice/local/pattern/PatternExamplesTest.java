package io.sluice.local.pattern;

import static io.sluice.local.pattern.PatternExamples.config;
import static io.sluice.local.pattern.PatternExamples.input;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.mock.MockConfig;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Renders each example config and runs the definition on virtual time with the example's Step
 * Functions Local mocks: the happy path ends in write-status SUCCEEDED; the failure path retries as
 * configured, writes a FAILED status and fails with the original error.
 */
class PatternExamplesTest {
    private static final Instant START = Instant.parse("2026-11-30T02:00:00Z");

    private record Run(ExpressResult result, RecordingInvoker tasks, JsonNode input) {}

    private static Run run(String pattern, String testCase) {
        JsonNode definition = PatternExamples.render(pattern, config(pattern)).definition();
        RecordingInvoker tasks = new RecordingInvoker(MockConfig.parse(PatternExamples.mocks(pattern)).invoker(pattern, testCase));
        ExpressRunner runner = new ExpressRunner(DefinitionParser.parse(definition), tasks);
        JsonNode input = input(pattern);
        // The run is of the pipeline the config is for: $$.StateMachine.Name, which the templates pass on.
        String pipeline = config(pattern).get("pipeline").asText();
        ExpressResult result = runner.run(pipeline, pipeline + ":" + testCase, testCase, input, START, RandomSource.seeded(7));
        return new Run(result, tasks, input);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ingestion", "export", "simulation", "manual-upload"})
    void theHappyPathEndsWithASucceededStatus(String pattern) {
        Run run = run(pattern, "HappyPath");
        assertThat(run.result().status()).as(run.result().error() + ": " + run.result().cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(run.result().output().get("state").asText()).isEqualTo("SUCCEEDED");
        JsonNode status = run.tasks().only("Write status").payload();
        assertThat(status.get("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(status.get("executionId").asText()).isEqualTo(config(pattern).get("pipeline").asText() + ":HappyPath");
        assertThat(status.get("configHash")).isEqualTo(PatternExamples.mocks(pattern).at("/MockedResponses/Config/0/Return/configHash"));
        assertThat(status.get("pipeline")).isEqualTo(run.input().get("pipeline"));
        assertThat(status.get("partition").asText()).isEqualTo("2026-11-29");
        assertThat(run.tasks().of("Write failed status")).isEmpty();
        JsonNode readConfig = run.tasks().only("Read config").payload();
        assertThat(readConfig).isEqualTo(Json.parse("{\"pattern\": \"" + pattern + "\", \"pipeline\": \""
                + run.input().get("pipeline").asText() + "\", \"partition\": \"2026-11-29\"}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ingestion", "export", "simulation", "manual-upload"})
    void theMockedReadConfigReturnsTheExampleConfigAsReadConfigDoes(String pattern) {
        JsonNode read = PatternExamples.mocks(pattern).at("/MockedResponses/Config/0/Return");
        assertThat(read.get("config")).isEqualTo(config(pattern));
        assertThat(read.get("name")).isEqualTo(config(pattern).get("pipeline"));
        assertThat(read.get("configHash").asText()).startsWith("sha256:");
    }

    @Test
    void ingestionRunsTheConfiguredJobsAndLoadsTheWarehouse() {
        Run run = run("ingestion", "HappyPath");
        JsonNode config = config("ingestion");
        assertThat(run.tasks().states()).containsExactly("Read config", "Landing", "Raw", "Enriched", "Copy to warehouse", "Write status");
        assertThat(run.tasks().of("Landing")).extracting(t -> t.payload().get("JobName").asText()).containsExactly("orders-landing", "orders-landing");
        JsonNode raw = run.tasks().only("Raw").payload();
        assertThat(raw.get("Arguments")).isEqualTo(config.at("/raw/arguments"));
        assertThat(raw.get("partition").asText()).isEqualTo("2026-11-29");
        assertThat(run.tasks().only("Enriched").payload().get("JobName")).isEqualTo(config.at("/enriched/0/job"));
        assertThat(run.tasks().only("Enriched").resource()).isEqualTo("sluice:function:glue-launch.sync");
        DispatchTask copy = run.tasks().only("Copy to warehouse");
        assertThat(copy.payload()).isEqualTo(Json.parse("""
                {"table": "analytics.orders", "source": "s3://acme-lake/enriched/orders/2026-11-29.parquet", "format": "parquet",
                 "batchId": "orders/2026-11-29", "loadId": "orders:HappyPath"}"""));
        JsonNode status = run.tasks().only("Write status").payload();
        assertThat(status.get("rowsOut").asInt()).isEqualTo(1187);
        assertThat(status.get("jobRuns").get("enriched_1").get("LogLocation").asText())
                .isEqualTo("s3://acme-logs/glue/orders-enrich/jr_enrich_1.log");
    }

    @Test
    void ingestionRetriesAFailingJobWithExponentialBackoffThenWritesFailedAndFailsWithItsError() {
        Run run = run("ingestion", "RawJobFails");
        assertThat(run.result().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(run.result().error()).isEqualTo("Glue.JobFailed");
        assertThat(JobRunJson.fromCause(run.result().cause()).orElseThrow().errorMessage()).startsWith("column order_total is missing");
        assertThat(run.tasks().of("Raw")).extracting(DispatchTask::attempt).containsExactly(0, 1, 2, 3);
        // Landing waited 5 s once; Raw waited 5, 10 and 20 s (retry: 3 attempts, 5 s, rate 2.0).
        assertThat(Duration.between(run.result().startTime(), run.result().stopTime())).isEqualTo(Duration.ofSeconds(40));
        assertFailedStatus(run, "Glue.JobFailed", run.result().cause());
        assertThat(run.tasks().states()).doesNotContain("Enriched", "Copy to warehouse", "Write status");
    }

    @Test
    void exportWaitsForUpstreamUntilItsDeadlineAndPushesEveryTarget() {
        Run run = run("export", "HappyPath");
        JsonNode config = config("export");
        DispatchTask wait = run.tasks().only("Wait for upstream");
        assertThat(wait.resource()).isEqualTo("sluice:function:dependency-check.waitForTaskToken");
        assertThat(wait.payload().get("TaskToken").asText()).isEqualTo(wait.token().encode());
        assertThat(wait.payload().get("Upstreams")).isEqualTo(config.at("/dependencies/upstream"));
        assertThat(wait.payload().get("DeadlineSeconds").asInt()).isEqualTo(21600);
        assertThat(wait.payload().get("Partition").asText()).isEqualTo("2026-11-29");
        // dependency-check fails the task with Dependency.NotMet at the deadline; the state's timeout is a backstop after it.
        assertThat(wait.timeoutSeconds()).isEqualTo(21660);
        assertThat(run.tasks().of("Push 1")).extracting(DispatchTask::payload).extracting(p -> p.get("Target"))
                .containsExactly(config.at("/targets/0/name"));
        assertThat(run.tasks().of("Push 2")).hasSize(2).allSatisfy(push -> {
            // A target by its name only: where it is and how to sign in come from the config as push-export reads it.
            assertThat(push.payload().get("Target")).isEqualTo(config.at("/targets/1/name"));
            assertThat(push.payload().get("BatchId").asText()).isEqualTo("finance-daily-export:HappyPath/treasury-api");
            assertThat(push.payload().get("Key").asText()).isEqualTo("s3://acme-exports/finance/bank-csv/2026-11-29.csv");
            assertThat(push.payload().get("Name").asText()).isEqualTo("finance-daily-export-2026-11-29.csv");
        });
    }

    @Test
    void exportFailsWithTheTargetsErrorAfterItsRetries() {
        Run run = run("export", "TargetRejects");
        assertThat(run.result().error()).isEqualTo("Export.Rejected");
        assertThat(run.tasks().of("Push 2")).hasSize(5);
        assertFailedStatus(run, "Export.Rejected", "treasury-api answered 422: field position_date is not a date.");
    }

    @Test
    void simulationRunsEveryScenarioWithItsArgumentsMergedOverTheJobs() {
        Run run = run("simulation", "HappyPath");
        assertThat(run.tasks().of("Run scenario")).extracting(t -> t.payload().get("step").asText())
                .containsExactlyInAnyOrder("scenario-baseline", "scenario-rates-up-200bp", "scenario-equity-down-30pct");
        JsonNode ratesUp = run.tasks().of("Run scenario").stream().map(DispatchTask::payload)
                .filter(p -> p.get("step").asText().equals("scenario-rates-up-200bp")).findFirst().orElseThrow();
        assertThat(ratesUp.get("JobName").asText()).isEqualTo("risk-monte-carlo");
        assertThat(ratesUp.get("Arguments")).isEqualTo(Json.parse("""
                {"--paths": "10000", "--portfolio": "s3://acme-risk/portfolio/", "--output": "s3://acme-risk/simulations/",
                 "--rate-shock-bp": "200"}"""));
        assertThat(run.tasks().only("Write status").payload().get("rowsOut").asInt()).isEqualTo(30000);
    }

    @Test
    void simulationFailsWhenAScenarioKeepsFailing() {
        Run run = run("simulation", "ScenarioFails");
        assertThat(run.result().error()).isEqualTo("Glue.JobFailed");
        assertFailedStatus(run, "Glue.JobFailed", "Job risk-monte-carlo ran out of memory on 10000 paths.");
        assertThat(run.tasks().states()).doesNotContain("Copy to warehouse");
    }

    @Test
    void manualUploadValidatesTheObjectAndWaitsForApprovalBeforeLoading() {
        Run run = run("manual-upload", "HappyPath");
        assertThat(run.tasks().states()).containsExactly("Read config", "Validate upload", "Await approval", "Raw", "Enriched",
                "Copy to warehouse", "Write status");
        assertThat(run.tasks().only("Validate upload").payload().get("objectKey")).isEqualTo(run.input().at("/object/key"));
        DispatchTask approval = run.tasks().only("Await approval");
        assertThat(approval.resource()).isEqualTo("sluice:function:write-status.waitForTaskToken");
        assertThat(approval.payload().get("state").asText()).isEqualTo("RUNNING");
        assertThat(approval.payload().get("approvers")).isEqualTo(config("manual-upload").at("/approval/approvers"));
        assertThat(approval.payload().get("TaskToken").asText()).isEqualTo(approval.token().encode());
        assertThat(approval.timeoutSeconds()).isEqualTo(86400);
        assertThat(run.tasks().only("Write status").payload().get("rowsOut").asInt()).isEqualTo(420);
    }

    @Test
    void aRejectedUploadIsNotRetriedAndFailsWithTheRejection() {
        Run run = run("manual-upload", "ApprovalRejected");
        assertThat(run.result().error()).isEqualTo("Approval.Rejected");
        assertThat(run.tasks().of("Await approval")).hasSize(1);
        assertFailedStatus(run, "Approval.Rejected", "Rejected by treasury-data@acme.example: the file holds rates for 2026-11-28.");
        assertThat(run.tasks().states()).doesNotContain("Raw");
    }

    private static void assertFailedStatus(Run run, String error, String cause) {
        assertThat(run.result().status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(run.result().error()).isEqualTo(error);
        assertThat(run.result().cause()).isEqualTo(cause);
        JsonNode status = run.tasks().only("Write failed status").payload();
        assertThat(status.get("state").asText()).isEqualTo("FAILED");
        assertThat(status.at("/error/Error").asText()).isEqualTo(error);
        assertThat(status.at("/error/Cause").asText()).isEqualTo(cause);
        assertThat(status.get("pipeline")).isEqualTo(run.input().get("pipeline"));
        assertThat(run.tasks().of("Write status")).isEmpty();
    }
}
