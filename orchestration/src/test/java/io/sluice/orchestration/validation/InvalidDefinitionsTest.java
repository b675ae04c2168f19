package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.validation.Problem.Severity;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One fixture per broken rule under {@code definitions/invalid}: each reports that rule at the
 * expected pointer, with the expected phrase in its message, and no other error.
 */
class InvalidDefinitionsTest {

    record Expected(String fixture, String pointer, String phrase, Severity severity) {
        @Override
        public String toString() {
            return fixture;
        }
    }

    private static Expected error(String fixture, String pointer, String phrase) {
        return new Expected(fixture, pointer, phrase, Severity.ERROR);
    }

    private static Expected warning(String fixture, String pointer, String phrase) {
        return new Expected(fixture, pointer, phrase, Severity.WARNING);
    }

    static Stream<Expected> expectations() {
        return Stream.of(topLevel(), states(), tasks(), retryAndCatch(), pathsAndTemplates(), choices(),
                waitAndFail(), parallelAndMap()).flatMap(List::stream);
    }

    private static List<Expected> topLevel() {
        return List.of(
                error("missing-start-at", "", "needs StartAt"),
                error("start-at-unknown", "/StartAt", "StartAt names state 'Begin', which does not exist; states are: A."),
                error("states-empty", "/States", "at least one state"),
                error("unknown-top-level-field", "/Timeout", "Field Timeout is not allowed in a state machine"),
                error("top-level-timeout-not-positive", "/TimeoutSeconds", "must be a positive integer"),
                error("query-language-unknown", "/QueryLanguage", "QueryLanguage must be \"JSONPath\" or \"JSONata\""),
                error("version-not-string", "/Version", "Version must be a string"));
    }

    private static List<Expected> states() {
        return List.of(
                error("missing-type", "/States/A", "needs Type"),
                error("unknown-type", "/States/A/Type", "Type must be one of Task, Pass, Choice"),
                error("field-not-allowed", "/States/A/Resource", "Field Resource is not allowed in a Pass state; a Pass state allows"),
                error("assign-reserved-name", "/States/A/Assign/states", "Variable name 'states' is reserved"),
                error("jsonata-field", "/States/A/Arguments", "Arguments is a JSONata field, but this state is written in JSONPath"),
                error("jsonpath-field-in-jsonata-state", "/States/A/ResultPath", "ResultPath is a JSONPath field and is not allowed in a JSONata state"),
                error("jsonata-expression-broken", "/States/A/Output/total", "Output holds a JSONata expression that does not parse"),
                error("assign-outer-variable-in-branch", "/States/P/Branches/0/States/B/Assign/count",
                        "Variable 'count' is assigned by a state outside this branch"),
                error("jsonata-catcher-result-path", "/States/A/Catch/0/ResultPath", "ResultPath is a JSONPath field and is not allowed in a JSONata catcher"),
                error("state-name-too-long", "/States/" + "L".repeat(81), "at most 80"),
                error("state-name-escaped-pointer", "/States/Load~1Save~01/Next", "Next names state 'Nowhere'"),
                error("duplicate-state-name-across-branches", "/States/P/Branches/1/States/Work",
                        "already used at /States/P/Branches/0/States/Work"),
                error("no-terminal-state", "/States", "has no terminal state, so it can never finish"),
                warning("unreachable-state", "/States/Orphan", "State 'Orphan' can never run"),
                error("next-and-end", "/States/A", "either Next or \"End\": true, not both"),
                error("neither-next-nor-end", "/States/A", "needs either Next"),
                error("end-false", "/States/A/End", "End must be true"),
                error("next-unknown-state", "/States/Load/Next",
                        "Next names state 'Lod', which does not exist; states are: Load, Save."),
                error("choice-with-next", "/States/C/Next", "A Choice state must not have Next"),
                error("succeed-with-end", "/States/S/End", "A Succeed state must not have End"));
    }

    private static List<Expected> tasks() {
        return List.of(
                error("task-missing-resource", "/States/A", "needs Resource"),
                error("resource-unknown-form", "/States/A/Resource", "is not a Resource form Step Functions or Sluice accepts; expected sluice:function:<name>"),
                error("resource-not-string", "/States/A/Resource", "Resource must be a string"),
                error("resource-lambda-arn-short-account", "/States/A/Resource", "is not a Resource form Step Functions or Sluice accepts"),
                error("lambda-invoke-without-function-name", "/States/A/Parameters", "needs Parameters.FunctionName"),
                warning("service-integration-warning", "/States/A/Resource", "State 'A' cannot run on platform local: Resource 'arn:aws:states:::ecs:runTask.sync'"),
                error("task-timeout-both", "/States/A", "Use either TimeoutSeconds or TimeoutSecondsPath, not both."),
                error("task-heartbeat-both", "/States/A", "Use either HeartbeatSeconds or HeartbeatSecondsPath, not both."),
                error("task-heartbeat-not-less", "/States/A/HeartbeatSeconds", "HeartbeatSeconds (30) must be less than TimeoutSeconds (30)"),
                error("task-timeout-not-positive", "/States/A/TimeoutSeconds", "TimeoutSeconds must be a positive integer"));
    }

    private static List<Expected> retryAndCatch() {
        String retrier = "/States/A/Retry/0";
        String catcher = "/States/A/Catch/0";
        return List.of(
                error("retry-not-array", "/States/A/Retry", "Retry must be an array of objects"),
                error("retry-missing-error-equals", retrier, "needs ErrorEquals"),
                error("retry-empty-error-equals", retrier + "/ErrorEquals", "ErrorEquals must be a non-empty array"),
                error("retry-interval-not-positive", retrier + "/IntervalSeconds", "IntervalSeconds must be a positive integer"),
                error("retry-max-attempts-negative", retrier + "/MaxAttempts", "MaxAttempts must be a non-negative integer"),
                error("retry-backoff-below-one", retrier + "/BackoffRate", "BackoffRate must be a number of 1.0 or more"),
                error("retry-max-delay-zero", retrier + "/MaxDelaySeconds", "MaxDelaySeconds must be a positive integer"),
                error("retry-jitter-unknown", retrier + "/JitterStrategy", "JitterStrategy must be \"FULL\" or \"NONE\""),
                error("retry-unknown-field", retrier + "/MaxAttempt", "Field MaxAttempt is not allowed in a retrier"),
                error("retry-states-all-not-alone", retrier + "/ErrorEquals", "States.ALL must be the only error name"),
                error("retry-states-all-not-last", retrier + "/ErrorEquals", "matching States.ALL must be the last one"),
                warning("retry-states-runtime-warning", retrier + "/ErrorEquals/0", "States.Runtime can never be retried or caught"),
                error("catch-missing-next", catcher, "needs Next"),
                error("catch-next-unknown", catcher + "/Next", "Next names state 'Recover', which does not exist"),
                error("catch-states-all-not-last", catcher + "/ErrorEquals", "matching States.ALL must be the last one"),
                error("catch-result-path-invalid", catcher + "/ResultPath", "ResultPath must be a reference path"));
    }

    private static List<Expected> pathsAndTemplates() {
        return List.of(
                error("result-path-not-reference", "/States/A/ResultPath", "ResultPath must be a reference path"),
                error("result-path-context", "/States/A/ResultPath", "cannot write into the context object"),
                error("input-path-invalid", "/States/A/InputPath", "InputPath must be a path"),
                error("output-path-not-string", "/States/A/OutputPath", "OutputPath must be a path such as '$.order' or null, but is the number 42"),
                error("parameters-bad-path", "/States/A/Parameters/order/id.$", "Parameters field 'id.$' must hold a valid path"),
                error("result-selector-bad-path", "/States/A/ResultSelector/total.$", "ResultSelector field 'total.$' must hold a valid path"),
                error("template-dynamic-not-string", "/States/A/Parameters/count.$", "must be a string holding a path"),
                error("template-both-plain-and-dynamic", "/States/A/Parameters/id.$", "has both 'id' and 'id.$'"));
    }

    private static List<Expected> choices() {
        String rule = "/States/C/Choices/0";
        return List.of(
                error("choice-empty-choices", "/States/C/Choices", "Choices must be a non-empty array of rules"),
                error("choice-default-unknown", "/States/C/Default", "Default names state 'Nope', which does not exist"),
                error("choice-rule-next-unknown", rule + "/Next", "Next names state 'Maybe', which does not exist"),
                error("choice-rule-no-operator", rule, "this one has none"),
                error("choice-rule-two-operators", rule, "exactly one comparison operator or one of And, Or, Not; this one has StringEquals and StringMatches"),
                error("choice-rule-missing-next", rule, "A top-level Choice rule needs Next"),
                error("choice-nested-next", rule + "/And/0/Next", "Next is only allowed on top-level Choice rules"),
                error("choice-operand-type", rule + "/NumericEquals", "NumericEquals must be a number, but is the string '5'"),
                error("choice-timestamp-operand", rule + "/TimestampEquals", "RFC 3339 timestamp"),
                error("choice-variable-bad-path", rule + "/Variable", "Variable must be a path"),
                error("choice-missing-variable", rule, "needs Variable"),
                error("choice-path-operand-bad", rule + "/StringEqualsPath", "StringEqualsPath must be a path"),
                error("choice-unknown-operator", rule + "/StringEqual", "Field StringEqual is not allowed in a Choice rule"),
                error("choice-not-with-variable", rule + "/Variable", "Variable is not used with Not"),
                error("choice-and-empty", rule + "/And", "And must be a non-empty array of rules"));
    }

    private static List<Expected> waitAndFail() {
        return List.of(
                error("wait-no-duration", "/States/W", "exactly one of Seconds, SecondsPath, Timestamp and TimestampPath; it has none"),
                error("wait-two-durations", "/States/W", "it has Seconds and Timestamp"),
                error("wait-bad-timestamp", "/States/W/Timestamp", "RFC 3339"),
                error("wait-seconds-path-invalid", "/States/W/SecondsPath", "SecondsPath must be a reference path"),
                error("fail-error-and-error-path", "/States/F", "Use either Error or ErrorPath, not both."),
                error("fail-cause-and-cause-path", "/States/F", "Use either Cause or CausePath, not both."),
                error("fail-error-path-not-reference", "/States/F/ErrorPath", "with no wildcards, filters, slices or deep scan"));
    }

    private static List<Expected> parallelAndMap() {
        return List.of(
                error("parallel-empty-branches", "/States/P/Branches", "Branches must be a non-empty array"),
                error("parallel-branch-missing-start-at", "/States/P/Branches/0", "A branch needs StartAt"),
                error("parallel-branch-next-outside", "/States/P/Branches/0/States/B1/Next",
                        "Next names state 'Done', which is outside this branch; a state can only go to states of its own branch: B1, B2."),
                error("map-missing-processor", "/States/M", "A Map state needs ItemProcessor"),
                error("map-processor-and-iterator", "/States/M", "Use either ItemProcessor or Iterator, not both"),
                error("map-distributed", "/States/M/ItemProcessor/ProcessorConfig/ExecutionType", "ExecutionType must be \"STANDARD\" or \"EXPRESS\""),
                error("map-distributed-field", "/States/M/ItemReader", "belongs to a distributed Map; set ItemProcessor.ProcessorConfig.Mode"),
                error("map-distributed-reader-resource", "/States/M/ItemReader/Resource", "ItemReader Resource must be arn:aws:states:::s3:listObjectsV2"),
                error("map-distributed-get-object-no-input-type", "/States/M/ItemReader", "needs ReaderConfig.InputType"),
                error("map-distributed-csv-given-no-headers", "/States/M/ItemReader/ReaderConfig", "CSVHeaderLocation GIVEN needs CSVHeaders"),
                error("map-distributed-reader-and-items-path", "/States/M/ItemsPath", "A Map with an ItemReader reads its items"),
                error("map-distributed-batcher-empty", "/States/M/ItemBatcher", "ItemBatcher needs MaxItemsPerBatch or MaxInputBytesPerBatch"),
                error("map-distributed-batch-bytes", "/States/M/ItemBatcher/MaxInputBytesPerBatch", "from 1 to 262144"),
                error("map-distributed-tolerated-percentage", "/States/M/ToleratedFailurePercentage", "must be a number from 0 to 100"),
                error("map-distributed-label", "/States/M/Label", "Label must be a string of 1 to 40 characters"),
                error("map-distributed-writer-resource", "/States/M/ResultWriter/Resource", "ResultWriter Resource must be arn:aws:states:::s3:putObject"),
                error("map-item-selector-and-parameters", "/States/M", "Use either ItemSelector or Parameters, not both."),
                error("map-max-concurrency-negative", "/States/M/MaxConcurrency", "MaxConcurrency must be a non-negative integer"),
                error("map-max-concurrency-both", "/States/M", "Use either MaxConcurrency or MaxConcurrencyPath, not both."),
                error("map-items-path-not-reference", "/States/M/ItemsPath", "ItemsPath must be a reference path"),
                error("map-item-selector-bad-path", "/States/M/ItemSelector/value.$", "ItemSelector field 'value.$' must hold a valid path"),
                error("map-processor-config-unknown-field", "/States/M/ItemProcessor/ProcessorConfig/Concurrency",
                        "not allowed in ProcessorConfig"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expectations")
    void reportsTheBrokenRuleAndNoOtherError(Expected expected) {
        List<Problem> problems = DefinitionValidator.validate(Fixtures.definition("invalid", expected.fixture()));

        assertThat(problems).as("problems of %s", expected.fixture())
                .anySatisfy(problem -> {
                    assertThat(problem.pointer()).isEqualTo(expected.pointer());
                    assertThat(problem.message()).contains(expected.phrase());
                    assertThat(problem.severity()).isEqualTo(expected.severity());
                });
        // Fixtures are minimal: the broken rule is the only error (a warning, say for a state the
        // broken transition no longer reaches, may come with it).
        assertThat(problems).filteredOn(Problem::isError).as("errors of %s", expected.fixture())
                .hasSize(expected.severity() == Severity.ERROR ? 1 : 0);
        assertThat(DefinitionValidator.isValid(problems)).isEqualTo(expected.severity() == Severity.WARNING);
    }

    @Test
    void everyInvalidFixtureHasAnExpectation() {
        List<String> expected = expectations().map(Expected::fixture).sorted().toList();
        assertThat(Fixtures.names("invalid")).containsExactlyElementsOf(expected);
    }
}
