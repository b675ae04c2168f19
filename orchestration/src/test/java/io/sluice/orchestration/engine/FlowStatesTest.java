package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.path.RandomSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Pass, Choice, Wait, Succeed and Fail, and the input/output paths, on the express runner. */
class FlowStatesTest {

    @Test
    void passAppliesInputPathParametersResultPathAndOutputPathInOrder() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass",
                  "InputPath": "$.order",
                  "Parameters": {"id.$": "$.id", "fixed": 1, "exec.$": "$$.Execution.Name"},
                  "ResultPath": "$.shaped",
                  "OutputPath": "$.shaped",
                  "End": true}}}""");
        ExpressResult r = run(d, "{\"order\": {\"id\": 7}, \"other\": true}");
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output()).isEqualTo(json("{\"id\": 7, \"fixed\": 1, \"exec\": \"run-1\"}"));
    }

    @Test
    void resultPathMergesIntoTheRawInputNotTheEffectiveInput() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "InputPath": "$.a",
                  "Result": {"x": 1}, "ResultPath": "$.b.c", "End": true}}}""");
        assertThat(run(d, "{\"a\": {\"keep\": 1}, \"z\": 2}").output())
                .isEqualTo(json("{\"a\": {\"keep\": 1}, \"z\": 2, \"b\": {\"c\": {\"x\": 1}}}"));
    }

    @Test
    void nullPathsGiveEmptyObjectAndDiscardTheResult() {
        var d = parse("""
                {"StartAt": "A", "States": {
                  "A": {"Type": "Pass", "InputPath": null, "ResultPath": "$.seen", "Next": "B"},
                  "B": {"Type": "Pass", "Result": "ignored", "ResultPath": null, "Next": "C"},
                  "C": {"Type": "Pass", "OutputPath": null, "End": true}}}""");
        ExpressResult r = run(d, "{\"v\": 1}");
        assertThat(r.output()).isEqualTo(json("{}"));
        assertThat(r.transitions()).isEqualTo(3);
    }

    @Test
    void resultPathThroughAScalarFailsWithResultPathMatchFailure() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Result": 1, "ResultPath": "$.a.b", "End": true}}}""");
        ExpressResult r = run(d, "{\"a\": 5}");
        assertThat(r.error()).isEqualTo("States.ResultPathMatchFailure");
        assertThat(r.cause()).contains("$.a.b");
    }

    @Test
    void inputPathSelectingNothingFailsWithStatesRuntime() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "InputPath": "$.nope", "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.error()).isEqualTo("States.Runtime");
        // AWS's cause: "An error occurred while executing the state 'pass' (entered at the event id #2). Invalid path
        // '$.NoSuchInputPath' : No results for path: $['NoSuchInputPath']" (conformance/path-missing-field-fails.json, and
        // conformance-recorded/paths/test_base_scenarios__test_invalid_jsonpath_ST.INVALID_JSONPATH_IN_INPUTPATH_.json).
        assertThat(r.cause()).isEqualTo("An error occurred while executing the state 'P' (entered at the event id #2). "
                + "Invalid path '$.nope' : No results for path: $['nope']");
    }

    @Test
    void parametersPathSelectingNothingFailsWithStatesRuntimeAsAwsDoes() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Parameters": {"x.$": "$.nope"}, "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.error()).isEqualTo("States.Runtime");
        assertThat(r.cause()).contains("x.$").contains("$.nope");
    }

    @Test
    void choiceRoutesOnTheFirstMatchingRuleThenDefaultThenFails() {
        var d = parse("""
                {"StartAt": "C", "States": {
                  "C": {"Type": "Choice", "Choices": [
                     {"Variable": "$.n", "NumericGreaterThan": 10, "Next": "Big"},
                     {"Variable": "$.n", "NumericGreaterThan": 0, "Next": "Small"}],
                   "Default": "Zero"},
                  "Big": {"Type": "Pass", "Result": "big", "End": true},
                  "Small": {"Type": "Pass", "Result": "small", "End": true},
                  "Zero": {"Type": "Succeed", "OutputPath": "$.n"}}}""");
        assertThat(run(d, "{\"n\": 11}").output().asText()).isEqualTo("big");
        assertThat(run(d, "{\"n\": 3}").output().asText()).isEqualTo("small");
        assertThat(run(d, "{\"n\": 0}").output().asInt()).isZero();

        var noDefault = parse("""
                {"StartAt": "C", "States": {
                  "C": {"Type": "Choice", "Choices": [{"Variable": "$.n", "NumericEquals": 1, "Next": "E"}]},
                  "E": {"Type": "Succeed"}}}""");
        ExpressResult r = run(noDefault, "{\"n\": 2}");
        assertThat(r.error()).isEqualTo("States.NoChoiceMatched");
        assertThat(r.cause()).contains("'C'");
    }

    @Test
    void choiceLoopCountsEveryTransition() {
        var d = parse("""
                {"StartAt": "Init", "States": {
                  "Init": {"Type": "Pass", "Result": {"i": 0, "limit": 5}, "Next": "Check"},
                  "Check": {"Type": "Choice", "Choices": [
                     {"Variable": "$.i", "NumericLessThanPath": "$.limit", "Next": "Inc"}], "Default": "Done"},
                  "Inc": {"Type": "Pass", "Parameters": {"i.$": "States.MathAdd($.i, 1)", "limit.$": "$.limit"}, "Next": "Check"},
                  "Done": {"Type": "Succeed", "OutputPath": "$.i"}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.output().asInt()).isEqualTo(5);
        assertThat(r.transitions()).isEqualTo(1 + 6 + 5 + 1);
    }

    @Test
    void waitAdvancesTheVirtualClockBySecondsAndPaths() {
        var d = parse("""
                {"StartAt": "W1", "States": {
                  "W1": {"Type": "Wait", "Seconds": 30, "Next": "W2"},
                  "W2": {"Type": "Wait", "SecondsPath": "$.delay", "Next": "W3"},
                  "W3": {"Type": "Wait", "TimestampPath": "$.until", "End": true}}}""");
        ExpressResult r = run(d, "{\"delay\": 90, \"until\": \"2026-11-29T01:00:00Z\"}");
        assertThat(r.succeeded()).isTrue();
        assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofHours(1));
        assertThat(r.output()).isEqualTo(json("{\"delay\": 90, \"until\": \"2026-11-29T01:00:00Z\"}"));
    }

    @Test
    void waitWithABadSecondsPathFails() {
        var d = parse("""
                {"StartAt": "W", "States": {"W": {"Type": "Wait", "SecondsPath": "$.d", "End": true}}}""");
        ExpressResult r = run(d, "{\"d\": \"soon\"}");
        assertThat(r.error()).isEqualTo("States.Runtime");
        // As AWS words it for 1.5 (conformance-recorded/states/test_wait__test_base_wait_seconds_path_1.5_.json).
        assertThat(r.cause()).isEqualTo("An error occurred while executing the state 'W' (entered at the event id #2). "
                + "The SecondsPath parameter cannot be parsed as a long value: $.d == soon");
    }

    @Test
    void failStateUsesLiteralOrPathErrorAndCause() {
        var d = parse("""
                {"StartAt": "F", "States": {"F": {"Type": "Fail", "ErrorPath": "$.e", "CausePath": "$.c"}}}""");
        ExpressResult r = run(d, "{\"e\": \"Custom.Bad\", \"c\": \"because\"}");
        assertThat(r.error()).isEqualTo("Custom.Bad");
        assertThat(r.cause()).isEqualTo("because");

        var literal = parse("""
                {"StartAt": "F", "States": {"F": {"Type": "Fail", "Error": "E", "Cause": "C"}}}""");
        assertThat(run(literal, "{}").error()).isEqualTo("E");
    }

    @Test
    void contextObjectCarriesExecutionAndStateFacts() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Parameters": {
                   "id.$": "$$.Execution.Id", "start.$": "$$.Execution.StartTime", "in.$": "$$.Execution.Input",
                   "state.$": "$$.State.Name", "entered.$": "$$.State.EnteredTime", "retry.$": "$$.State.RetryCount"},
                   "End": true}}}""");
        assertThat(run(d, "{\"k\": 1}").output()).isEqualTo(json("""
                {"id": "exec-1", "start": "2026-11-29T00:00:00Z", "in": {"k": 1}, "state": "P",
                 "entered": "2026-11-29T00:00:00Z", "retry": 0}"""));
    }

    /**
     * Step Functions keeps an execution's start to the millisecond: the Context object's {@code StartTime} in its
     * documentation reads {@code "2019-03-26T20:14:13.192Z"} (docs.aws.amazon.com/step-functions/latest/dg/
     * input-output-contextobject.html), and the API's {@code startDate} is epoch seconds with three decimals. A host clock
     * that reads nanoseconds does not show through.
     */
    @Test
    void theStartTimeIsKeptToTheMillisecond() {
        var d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Parameters": {"start.$": "$$.Execution.StartTime"}, "End": true}}}""");
        ExpressResult r = new ExpressRunner(d, task -> {
            throw new AssertionError("no task expected, got " + task.stateName());
        }).run("exec-1", "run-1", json("{}"), Machines.T0.plusNanos(192_345_678), RandomSource.seeded(7));
        assertThat(r.output()).isEqualTo(json("{\"start\": \"2026-11-29T00:00:00.192Z\"}"));
    }

    @Test
    void executionTimeoutEndsALongWait() {
        var d = parse("""
                {"StartAt": "W", "TimeoutSeconds": 10, "States": {"W": {"Type": "Wait", "Seconds": 60, "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(r.error()).isEqualTo("States.Timeout");
        assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofSeconds(10));
    }
}
