package io.sluice.functions.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.integration.LambdaCall;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where a Task calling a Lambda function goes: the function of its name by default; on a host with queues for its own
 * functions only, a function outside them goes to {@code integrations} with the call Step Functions would make
 * ("Invoke an AWS Lambda function with Step Functions", https://docs.aws.amazon.com/step-functions/latest/dg/connect-lambda.html:
 * FunctionName, Payload, Qualifier, InvocationType, ClientContext, LogType).
 */
class LambdaRoutingTest {
    private static final LambdaRouting AWS = LambdaRouting.outside(Set.of("read-config", "integrations", "executions"));

    private static Command.DispatchTask first(String state) {
        String definition = "{\"StartAt\": \"S\", \"States\": {\"S\": " + state + "}}";
        return (Command.DispatchTask) new Interpreter(DefinitionParser.parse(Json.parse(definition)), false)
                .start("orders:o-1", "o-1", Json.parse("{\"order\": \"o-1\"}"), Instant.parse("2026-12-05T19:00:00Z"), RandomSource.seeded(3))
                .commands().stream().filter(c -> c instanceof Command.DispatchTask).findFirst().orElseThrow();
    }

    @Test
    void lambdaInvokeOfAFunctionOutsideTheHostGoesToIntegrationsWithTheWholeCall() {
        Command.DispatchTask task = first("""
                {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "End": true,
                 "Parameters": {"FunctionName": "arn:aws:lambda:us-east-1:123456789012:function:scorer", "Qualifier": "prod",
                   "InvocationType": "Event", "Payload": {"order.$": "$.order"}}}""");
        assertThat(task.function()).isEqualTo("scorer");
        assertThat(task.payload()).as("what a bundle function would get").isEqualTo(Json.parse("{\"order\": \"o-1\"}"));
        Command.DispatchTask decoded = (Command.DispatchTask) CommandCodec.decode(CommandCodec.encode(task));
        assertThat(decoded).as("the outbox keeps the call's parameters").isEqualTo(task);

        Command.DispatchTask routed = AWS.route(decoded);
        assertThat(routed.function()).isEqualTo("integrations");
        assertThat(routed.resource()).isEqualTo("arn:aws:states:::lambda:invoke");
        assertThat(routed.token()).isEqualTo(task.token());
        assertThat(routed.payload()).isEqualTo(Json.parse("""
                {"FunctionName": "arn:aws:lambda:us-east-1:123456789012:function:scorer", "Payload": {"order": "o-1"},
                 "Qualifier": "prod", "InvocationType": "Event"}"""));
        LambdaCall call = LambdaCall.read(routed.payload(), routed.resource());
        assertThat(call.optimized()).isTrue();
        assertThat(call.qualifier()).isEqualTo("prod");
        assertThat(LambdaRouting.BY_NAME.route(task)).as("by default: the function's own queue").isSameAs(task);
    }

    @Test
    void aLambdaArnAsTheResourceIsCalledByThatArnWithTheStatesInputAndItsResultIsNotWrapped() {
        Command.DispatchTask routed = AWS.route(first("""
                {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:tagger:live", "End": true}"""));
        assertThat(routed.function()).isEqualTo("integrations");
        LambdaCall call = LambdaCall.read(routed.payload(), routed.resource());
        assertThat(call.functionName()).isEqualTo("arn:aws:lambda:us-east-1:123456789012:function:tagger:live");
        assertThat(call.payload()).isEqualTo(Json.parse("{\"order\": \"o-1\"}"));
        assertThat(call.optimized()).isFalse();
    }

    @Test
    void theHostsOwnFunctionsAndEveryOtherResourceStayWhereTheyGo() {
        Command.DispatchTask own = first("""
                {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "read-config"}, "End": true}""");
        assertThat(AWS.route(own)).isSameAs(own);
        Command.DispatchTask sluice = first("""
                {"Type": "Task", "Resource": "sluice:function:scorer", "End": true}""");
        assertThat(AWS.route(sluice)).as("sluice:function: names a bundle function, never a Lambda").isSameAs(sluice);
        Command.DispatchTask sns = first("""
                {"Type": "Task", "Resource": "arn:aws:states:::sns:publish", "Parameters": {"TopicArn": "t", "Message": "m"}, "End": true}""");
        assertThat(AWS.route(sns)).isSameAs(sns);
        Command.DispatchTask task = first("""
                {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "scorer"}, "End": true}""");
        assertThat(LambdaRouting.outside(Set.of("read-config")).route(task)).as("no integrations function: nowhere to send it")
                .isSameAs(task);
    }
}
