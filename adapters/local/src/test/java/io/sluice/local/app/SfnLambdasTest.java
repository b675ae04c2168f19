package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.InvalidDefinitionException;
import software.amazon.awssdk.services.sfn.model.StartSyncExecutionResponse;
import software.amazon.awssdk.services.sfn.model.StateMachineType;
import software.amazon.awssdk.services.sfn.model.SyncExecutionStatus;

/**
 * The local runtime with a Lambda mapping file and DefinitionSubstitutions, driven through its Step Functions API by the
 * AWS SDK: a machine calling {@code arn:aws:lambda:...:function:score} (mapped to an endpoint serving Lambda's Invoke API,
 * a loopback server started here) and {@code lambda:invoke} of {@code check} (a shell command) is created and runs,
 * where CreateStateMachine refused it before (UNSUPPORTED_ON_HOST); an unmapped function is refused saying how to map it.
 */
class SfnLambdasTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String MACHINE = "arn:aws:states:us-east-1:123456789012:stateMachine:";
    static final String SCORED = """
            {"StartAt": "Score", "States": {
              "Score": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:score", "ResultPath": "$.score", "Next": "Check"},
              "Check": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "check", "Payload.$": "$.score"},
                        "Catch": [{"ErrorEquals": ["Lambda.Unknown"], "ResultPath": "$.failed", "Next": "Done"}],
                        "ResultSelector": {"checked.$": "$.Payload"}, "ResultPath": "$.check", "Next": "Done"},
              "Done": {"Type": "Pass", "End": true}}}""";

    @TempDir
    static Path folder;
    static HttpServer invokeApi;
    static ConfigurableApplicationContext app;
    static SfnClient sfn;

    @BeforeAll
    static void start() throws Exception {
        invokeApi = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        invokeApi.createContext("/2015-03-31/functions/score/invocations", exchange -> {
            JsonNode event = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = Json.write(Json.object().put("total", event.path("a").asInt() + event.path("b").asInt())).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        invokeApi.start();
        Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(folder.resolve("lambdas.json"), """
                {"score": {"url": "http://127.0.0.1:%d"},
                 "arn:aws:lambda:us-east-1:123456789012:function:check": {"command": ["sh", "-c", "read e; case \\"$e\\" in *'\\"total\\":3'*) echo '{\\"ok\\": true}';; *) echo too big >&2; exit 1;; esac"]}}
                """.formatted(invokeApi.getAddress().getPort()));
        Files.writeString(folder.resolve("substitutions.json"), "{\"ScoreArn\": \"arn:aws:lambda:us-east-1:123456789012:function:score\"}");
        Files.writeString(folder.resolve("pipelines/filed-" + RUN + ".asl.json"), """
                {"StartAt": "Score", "States": {"Score": {"Type": "Task", "Resource": "${ScoreArn}", "End": true}}}""");
        app = SfnApps.start(folder, RUN, "--sluice.lambdas-file=" + folder.resolve("lambdas.json"),
                "--sluice.substitutions-file=" + folder.resolve("substitutions.json"));
        sfn = SfnApps.client(app);
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        invokeApi.stop(0);
        SfnApps.cleanUp(RUN);
    }

    private static DescribeExecutionResponse finished(String executionArn) {
        return await().atMost(Duration.ofSeconds(60)).until(() -> sfn.describeExecution(r -> r.executionArn(executionArn)),
                d -> d.status() != ExecutionStatus.RUNNING);
    }

    @Test
    void aMachineCallingMappedLambdasIsCreatedAndRunsThem() {
        String arn = sfn.createStateMachine(r -> r.name("scored-" + RUN).definition(SCORED)
                .roleArn("arn:aws:iam::123456789012:role/x")).stateMachineArn();
        DescribeExecutionResponse small = finished(sfn.startExecution(r -> r.stateMachineArn(arn).input("{\"a\": 1, \"b\": 2}")).executionArn());
        assertThat(small.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(small.output())).isEqualTo(Json.parse("{\"a\": 1, \"b\": 2, \"score\": {\"total\": 3}, \"check\": {\"checked\": {\"ok\": true}}}"));

        // A command failing without an error object is Lambda.Unknown, which the Catch names.
        DescribeExecutionResponse big = finished(sfn.startExecution(r -> r.stateMachineArn(arn).input("{\"a\": 5, \"b\": 5}")).executionArn());
        assertThat(big.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        JsonNode failed = Json.parse(big.output()).get("failed");
        assertThat(failed.get("Error").asText()).isEqualTo("Lambda.Unknown");
        assertThat(failed.get("Cause").asText()).isEqualTo("Lambda function 'check' failed: sh exited with status 1; the end of its stderr: too big");
    }

    @Test
    void aSynchronousExpressRunCallsThemToo() {
        String arn = sfn.createStateMachine(r -> r.name("scored-sync-" + RUN).definition(SCORED).type(StateMachineType.EXPRESS)
                .roleArn("arn:aws:iam::123456789012:role/x")).stateMachineArn();
        StartSyncExecutionResponse sync = sfn.startSyncExecution(r -> r.stateMachineArn(arn).input("{\"a\": 1, \"b\": 2}"));
        assertThat(sync.status()).isEqualTo(SyncExecutionStatus.SUCCEEDED);
        // The lambda:invoke result is wrapped as Step Functions wraps it, so ResultSelector's $.Payload finds the function's result.
        assertThat(Json.parse(sync.output()).get("check")).isEqualTo(Json.parse("{\"checked\": {\"ok\": true}}"));
    }

    @Test
    void aPipelineFileHasItsPlaceholdersFilled() {
        String arn = MACHINE + "filed-" + RUN;
        DescribeExecutionResponse done = finished(sfn.startExecution(r -> r.stateMachineArn(arn).input("{\"a\": 20, \"b\": 22}")).executionArn());
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(done.output())).isEqualTo(Json.parse("{\"total\": 42}"));
    }

    @Test
    void anUnmappedLambdaIsRefusedSayingHowToMapIt() {
        String unmapped = SCORED.replace("function:score", "function:price");
        assertThatThrownBy(() -> sfn.createStateMachine(r -> r.name("unmapped-" + RUN).definition(unmapped)
                .roleArn("arn:aws:iam::123456789012:role/x")))
                .isInstanceOfSatisfying(InvalidDefinitionException.class, e -> assertThat(e.awsErrorDetails().errorMessage())
                        .contains("UNSUPPORTED_ON_HOST", "No function 'price' runs in this runtime",
                                "map it in " + folder.resolve("lambdas.json") + ", for example with the line \"price\": {\"url\": \"http://127.0.0.1:3001\"}"));
    }
}
