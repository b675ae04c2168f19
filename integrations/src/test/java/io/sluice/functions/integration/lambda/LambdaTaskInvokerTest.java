package io.sluice.functions.integration.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A state machine calling mapped Lambdas, run in-process as {@code sluice exec} runs one. */
class LambdaTaskInvokerTest {
    private static final LocalLambdas LAMBDAS = new LocalLambdas(LambdaMappings.parse(Json.parse("""
            {"arn:aws:lambda:us-east-1:123456789012:function:price": {"response": {"price": 42}},
             "check": {"error": {"errorType": "CustomError", "errorMessage": "This is a custom error!"}}}
            """), "lambdas.json", Path.of(".")), Map.of());

    private static ExpressResult run(String definition) {
        LambdaTaskInvoker invoker = new LambdaTaskInvoker(LAMBDAS, task -> TaskOutcome.failure("Unmapped", task.function()));
        return new ExpressRunner(DefinitionParser.parse(Json.parse(definition)), invoker)
                .run("exec-1", "run-1", Json.object(), Instant.parse("2026-01-01T00:00:00Z"), RandomSource.seeded(1));
    }

    @Test
    void aLambdaArnAndLambdaInvokeReachTheMappedFunctionAndLambdaInvokeWrapsItsResult() {
        ExpressResult r = run("""
                {"StartAt": "Arn", "States": {
                  "Arn": {"Type": "Task", "Resource": "arn:aws:lambda:eu-west-1:210987654321:function:price:live", "ResultPath": "$.arn", "Next": "Invoke"},
                  "Invoke": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                             "Parameters": {"FunctionName": "price", "Payload.$": "$"}, "ResultPath": "$.invoke", "End": true}}}
                """);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output().get("arn")).isEqualTo(Json.parse("{\"price\": 42}"));
        // Step Functions' lambda:invoke result: {ExecutedVersion, Payload, StatusCode} (the "Invoke Lambda" integration page).
        assertThat(r.output().get("invoke")).isEqualTo(Json.parse("{\"ExecutedVersion\": \"$LATEST\", \"Payload\": {\"price\": 42}, \"StatusCode\": 200}"));
    }

    @Test
    void aCatchOnTheFunctionSErrorTypeCatchesIt() {
        // Step Functions developer guide, "Handling error conditions": Catch with "ErrorEquals": ["CustomError"] catches
        // the function's CustomError; the error output carries Error and the function's error object as Cause.
        ExpressResult r = run("""
                {"StartAt": "Check", "States": {
                  "Check": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "arn:aws:lambda:us-east-1:123456789012:function:check"},
                            "Catch": [{"ErrorEquals": ["CustomError"], "Next": "Caught"}], "End": true},
                  "Caught": {"Type": "Pass", "End": true}}}
                """);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output().get("Error").asText()).isEqualTo("CustomError");
        assertThat(Json.parse(r.output().get("Cause").asText()).path("errorMessage").asText()).isEqualTo("This is a custom error!");
    }

    @Test
    void anUnmappedFunctionGoesToTheFallback() {
        ExpressResult r = run("""
                {"StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:other", "End": true}}}""");
        assertThat(r.error()).isEqualTo("Unmapped");
        assertThat(r.cause()).isEqualTo("other");
    }
}
