package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.express.mock.MockConfig;
import org.junit.jupiter.api.Test;

/**
 * How Task resources reach a host (service integrations to one function, Credentials passed on, a
 * FunctionName that names nothing left to the host), Step Functions Local's mock semantics, and the
 * error names AWS gives runtime failures (States.Runtime, uncatchable; States.QueryEvaluationError, catchable).
 */
class ServiceTasksAndRuntimeErrorsTest {

    @Test
    void aServiceIntegrationGoesToTheIntegrationsFunctionWithItsResourceAndCredentials() {
        var d = parse("""
                {"StartAt": "Put", "States": {"Put": {"Type": "Task", "Resource": "arn:aws:states:::dynamodb:putItem",
                   "Parameters": {"TableName": "orders", "Item": {"id": {"S.$": "$.id"}}},
                   "Credentials": {"RoleArn.$": "$.role"}, "End": true}}}""");
        var invoker = new ScriptedInvoker().on(TaskResource.INTEGRATIONS_FUNCTION, t -> TaskOutcome.success(json("{}")));
        ExpressResult r = run(d, "{\"id\": \"o-1\", \"role\": \"arn:aws:iam::123456789012:role/writer\"}", invoker);
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        var task = invoker.calls.getFirst();
        assertThat(task.resource()).isEqualTo("arn:aws:states:::dynamodb:putItem");
        assertThat(task.payload()).isEqualTo(json("{\"TableName\": \"orders\", \"Item\": {\"id\": {\"S\": \"o-1\"}}}"));
        assertThat(task.credentials()).isEqualTo(json("{\"RoleArn\": \"arn:aws:iam::123456789012:role/writer\"}"));
    }

    @Test
    void theCommandKeepsCredentialsAndAMissingFunctionThroughTheOutbox() {
        var d = parse("""
                {"StartAt": "Call", "States": {"Call": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                   "Parameters": {"FunctionName": "${CheckFunctionArn}", "Payload.$": "$"},
                   "Credentials": {"RoleArn": "arn:aws:iam::123456789012:role/x"}, "End": true}}}""");
        var invoker = new ScriptedInvoker();
        Command.DispatchTask[] seen = new Command.DispatchTask[1];
        run(d, "{}", t -> {
            seen[0] = t;
            return TaskOutcome.success(json("{}"));
        });
        assertThat(seen[0].function()).as("a ${Placeholder} names no function; the host decides").isNull();
        Command back = CommandCodec.decode(CommandCodec.encode(seen[0]));
        assertThat(back).isEqualTo(seen[0]);
        assertThat(invoker.calls).isEmpty();
    }

    @Test
    void underMocksEveryTaskReturnsItsMockAndLambdaInvokeExactlyAsMocked() {
        var d = parse("""
                {"StartAt": "Check", "States": {
                  "Check": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                            "Parameters": {"FunctionName": "${CheckFunctionArn}", "Payload.$": "$"}, "ResultPath": "$.check", "Next": "Scale"},
                  "Scale": {"Type": "Task", "Resource": "arn:aws:states:::ecs:runTask.sync", "ResultPath": "$.ecs", "Next": "Poll"},
                  "Poll": {"Type": "Task", "Resource": "arn:aws:states:eu-west-1:123456789012:activity:approve", "ResultPath": "$.poll", "End": true}}}""");
        var mocks = MockConfig.parse(json("""
                {"StateMachines": {"m": {"TestCases": {"Ok": {"Check": "Checked", "Scale": "Ran", "Poll": "Polled"}}}},
                 "MockedResponses": {
                   "Checked": {"0": {"Return": {"StatusCode": 202, "Payload": {"ok": true}, "SdkHttpMetadata": {"HttpStatusCode": 202}}}},
                   "Ran": {"0": {"Return": {"Tasks": [{"LastStatus": "STOPPED"}]}}},
                   "Polled": {"0": {"Return": "approved"}}}}"""));
        ExpressResult r = run(d, "{}", mocks.invoker("Ok"));
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        assertThat(r.output()).isEqualTo(json("""
                {"check": {"StatusCode": 202, "Payload": {"ok": true}, "SdkHttpMetadata": {"HttpStatusCode": 202}},
                 "ecs": {"Tasks": [{"LastStatus": "STOPPED"}]}, "poll": "approved"}"""));
    }

    @Test
    void aMockedLambdaReturnWithoutPayloadGetsNoneAdded() {
        var d = parse("""
                {"StartAt": "Call", "States": {"Call": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                   "Parameters": {"FunctionName": "f", "Payload.$": "$"}, "End": true}}}""");
        var mocks = MockConfig.parse(json("""
                {"StateMachines": {"m": {"TestCases": {"Raw": {"Call": "Bare"}}}},
                 "MockedResponses": {"Bare": {"0": {"Return": {"total": 3}}}}}"""));
        assertThat(run(d, "{}", mocks.invoker("Raw")).output()).isEqualTo(json("{\"total\": 3}"));
    }

    @Test
    void aFailStateWithoutErrorReportsNoName() {
        ExpressResult r = run(parse("{\"StartAt\": \"F\", \"States\": {\"F\": {\"Type\": \"Fail\"}}}"), "{}");
        assertThat(r.succeeded()).isFalse();
        assertThat(r.error()).isNull();
    }

    @Test
    void aWrongTypeFromAJsonataWaitIsAQueryEvaluationErrorThatCatchHandles() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {
                  "P": {"Type": "Parallel", "Branches": [{"StartAt": "W", "States": {
                          "W": {"Type": "Wait", "Seconds": "{% $states.input.delay %}", "End": true}}}],
                        "Catch": [{"ErrorEquals": ["States.QueryEvaluationError"], "Next": "Caught",
                                   "Output": "{% $states.errorOutput %}"}], "End": true},
                  "Caught": {"Type": "Pass", "End": true}}}""");
        ExpressResult r = run(d, "{\"delay\": \"soon\"}");
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        assertThat(r.output().get("Error").asText()).isEqualTo("States.QueryEvaluationError");
        assertThat(r.output().get("Cause").asText()).contains("Seconds");
    }

    @Test
    void aWrongTypeFromAJsonataTimeoutSecondsIsAQueryEvaluationErrorThatCatchHandles() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "sluice:function:f", "TimeoutSeconds": "{% 'ten' %}",
                        "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Caught", "Output": "{% $states.errorOutput.Error %}"}], "End": true},
                  "Caught": {"Type": "Pass", "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.output()).isEqualTo(json("\"States.QueryEvaluationError\""));
    }

    @Test
    void aWrongTypeFromAJsonPathSecondsPathIsStatesRuntimeWhichNothingCatches() {
        var d = parse("""
                {"StartAt": "P", "States": {
                  "P": {"Type": "Parallel", "Branches": [{"StartAt": "W", "States": {
                          "W": {"Type": "Wait", "SecondsPath": "$.delay", "End": true}}}],
                        "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Caught"}], "End": true},
                  "Caught": {"Type": "Pass", "End": true}}}""");
        ExpressResult r = run(d, "{\"delay\": \"soon\"}");
        assertThat(r.error()).isEqualTo("States.Runtime");
    }

    @Test
    void aJsonataFailErrorThatIsNoStringIsAQueryEvaluationError() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "F", "States": {"F": {"Type": "Fail", "Error": "{% 42 %}"}}}""");
        assertThat(run(d, "{}").error()).isEqualTo("States.QueryEvaluationError");
    }
}
