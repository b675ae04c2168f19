package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.TaskOutcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Task states: resources, result shaping, Retry with backoff on the virtual clock, Catch. */
class TaskStatesTest {

    @Test
    void taskResultGoesThroughResultSelectorResultPathAndOutputPath() {
        var d = parse("""
                {"StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "sluice:function:lookup",
                   "Parameters": {"key.$": "$.k"},
                   "ResultSelector": {"value.$": "$.found", "state.$": "$$.State.Name"},
                   "ResultPath": "$.lookup", "End": true}}}""");
        var invoker = new ScriptedInvoker().on("lookup", t -> TaskOutcome.success(json("{\"found\": \"v-" + t.payload().get("key").asText() + "\"}")));
        ExpressResult r = run(d, "{\"k\": \"a\"}", invoker);
        assertThat(r.output().get("k").asText()).isEqualTo("a");
        assertThat(r.output().get("lookup")).isEqualTo(json("{\"value\": \"v-a\", \"state\": \"T\"}"));
        assertThat(invoker.calls.getFirst().payload()).isEqualTo(json("{\"key\": \"a\"}"));
        assertThat(invoker.calls.getFirst().pattern()).isEqualTo(IntegrationPattern.REQUEST_RESPONSE);
    }

    @Test
    void lambdaArnsNameTheFunctionAndLambdaInvokeSendsThePayload() {
        var d = parse("""
                {"StartAt": "A", "States": {
                  "A": {"Type": "Task", "Resource": "arn:aws:lambda:eu-west-1:123456789012:function:first:live", "Next": "B"},
                  "B": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                        "Parameters": {"FunctionName": "arn:aws:lambda:eu-west-1:123456789012:function:second", "Payload.$": "$"},
                        "ResultSelector": {"out.$": "$.Payload", "code.$": "$.StatusCode"}, "End": true}}}""");
        // The host wraps a lambda:invoke result as Step Functions does (the worker harness does it with LambdaInvoke).
        var invoker = new ScriptedInvoker().returns("first", json("{\"n\": 1}"))
                .on("second", t -> TaskOutcome.success(io.sluice.orchestration.integration.LambdaInvoke.response(t.payload())));
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.output()).isEqualTo(json("{\"out\": {\"n\": 1}, \"code\": 200}"));
        assertThat(invoker.calls).extracting(c -> c.function()).containsExactly("first", "second");
        assertThat(invoker.calls.get(1).payload()).isEqualTo(json("{\"n\": 1}"));
    }

    @Test
    void retryBacksOffExponentiallyOnTheVirtualClockAndCountsRetries() {
        var d = parse("""
                {"StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "sluice:function:flaky",
                   "Parameters": {"retry.$": "$$.State.RetryCount"},
                   "Retry": [{"ErrorEquals": ["Boom"], "IntervalSeconds": 2, "BackoffRate": 3, "MaxAttempts": 3}],
                   "End": true}}}""");
        var invoker = new ScriptedInvoker().flaky("flaky", 3, "Boom");
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output()).isEqualTo(json("{\"retry\": 3}"));
        assertThat(invoker.callsOf("flaky")).isEqualTo(4);
        assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofSeconds(2 + 6 + 18));
        assertThat(invoker.calls).extracting(c -> c.attempt()).containsExactly(0, 1, 2, 3);
    }

    @Test
    void retriesRunOutThenTheErrorIsCaughtWithErrorAndCauseAtResultPath() {
        var d = parse("""
                {"StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:flaky",
                        "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 2, "MaxDelaySeconds": 1}],
                        "Catch": [{"ErrorEquals": ["Other"], "Next": "Wrong"},
                                  {"ErrorEquals": ["States.TaskFailed"], "ResultPath": "$.failure", "Next": "Handled"}],
                        "End": true},
                  "Wrong": {"Type": "Fail", "Error": "Wrong"},
                  "Handled": {"Type": "Pass", "End": true}}}""");
        var invoker = new ScriptedInvoker().flaky("flaky", 10, "Boom");
        ExpressResult r = run(d, "{\"keep\": true}", invoker);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output()).isEqualTo(json("{\"keep\": true, \"failure\": {\"Error\": \"Boom\", \"Cause\": \"attempt failed\"}}"));
        assertThat(invoker.callsOf("flaky")).isEqualTo(3);
        assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void statesRuntimeIsNeitherRetriedNorCaughtByStatesAll() {
        var d = parse("""
                {"StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:f", "OutputPath": "$.missing",
                        "Retry": [{"ErrorEquals": ["States.ALL"]}],
                        "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Caught"}], "End": true},
                  "Caught": {"Type": "Succeed"}}}""");
        var invoker = new ScriptedInvoker().returns("f", json("{}"));
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.error()).isEqualTo("States.Runtime");
        assertThat(invoker.callsOf("f")).isEqualTo(1);
    }

    @Test
    void taskFailedDoesNotMatchTimeoutButAllDoes() {
        var d = parse("""
                {"StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:slow",
                        "Catch": [{"ErrorEquals": ["States.TaskFailed"], "Next": "ByTaskFailed"},
                                  {"ErrorEquals": ["States.ALL"], "Next": "ByAll"}], "End": true},
                  "ByTaskFailed": {"Type": "Fail", "Error": "Wrong"},
                  "ByAll": {"Type": "Pass", "End": true}}}""");
        var invoker = new ScriptedInvoker().on("slow", t -> TaskOutcome.failure("States.Timeout", "took too long"));
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output().at("/Error").asText()).isEqualTo("States.Timeout");
    }

    @Test
    void fullJitterKeepsEveryDelayWithinTheComputedInterval() {
        var d = parse("""
                {"StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "sluice:function:flaky",
                   "Retry": [{"ErrorEquals": ["Boom"], "IntervalSeconds": 10, "MaxAttempts": 1, "JitterStrategy": "FULL"}],
                   "End": true}}}""");
        ExpressResult r = run(d, "{}", new ScriptedInvoker().flaky("flaky", 1, "Boom"));
        assertThat(r.succeeded()).isTrue();
        assertThat(Duration.between(r.startTime(), r.stopTime())).isBetween(Duration.ZERO, Duration.ofSeconds(10));
    }
}
