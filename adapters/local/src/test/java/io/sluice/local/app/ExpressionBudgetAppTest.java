package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.StartSyncExecutionResponse;
import software.amazon.awssdk.services.sfn.model.StateMachineType;
import software.amazon.awssdk.services.sfn.model.TestStateResponse;

/**
 * Issue 30, finding 4: an expression that builds far more than it reads ({@code $pad} to five million characters; a
 * string doubled seventeen times in {@code $reduce}) held a request thread for seconds and grew the JVM by hundreds of
 * MiB. Now each fails its state with {@code States.QueryEvaluationError}, on the Step Functions API (TestState,
 * StartSyncExecution) and in a durable pipeline, and the runtime answers the next request as before.
 */
class ExpressionBudgetAppTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    static final List<String> EXPRESSIONS = List.of("$pad('', 5000000, 'x')",
            "$reduce([1..17], function($acc, $i) { $acc & $acc }, $pad('', 1000, 'x'))");

    @TempDir
    static Path folder;
    static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() throws Exception {
        Path pipelines = Files.createDirectories(folder.resolve("pipelines"));
        for (int i = 0; i < EXPRESSIONS.size(); i++) {
            Files.writeString(pipelines.resolve("builds-" + i + ".asl.json"), machine(EXPRESSIONS.get(i)));
        }
        app = SfnApps.start(folder, RUN);
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        SfnApps.cleanUp(RUN);
    }

    static String state(String expression) {
        return "{\"Type\": \"Pass\", \"QueryLanguage\": \"JSONata\", \"Output\": \"{% " + expression + " %}\", \"End\": true}";
    }

    static String machine(String expression) {
        return "{\"QueryLanguage\": \"JSONata\", \"StartAt\": \"Build\", \"States\": {\"Build\": " + state(expression) + "}}";
    }

    Http http() {
        return new Http("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"));
    }

    @Test
    void testStateAndAStartSyncExecutionFailTheStateAndTheApiAnswersOnAfterwards() {
        try (SfnClient sfn = SfnApps.client(app)) {
            for (String expression : EXPRESSIONS) {
                TestStateResponse r = sfn.testState(b -> b.definition(state(expression)).roleArn(ROLE).input("{}"));
                assertThat(r.statusAsString()).as(expression).isEqualTo("FAILED");
                assertThat(r.error()).as(expression).isEqualTo("States.QueryEvaluationError");
                assertThat(r.cause()).as(expression).contains("more than");
            }
            String arn = sfn.createStateMachine(b -> b.name("builds-sync").definition(machine(EXPRESSIONS.get(1))).roleArn(ROLE)
                    .type(StateMachineType.EXPRESS)).stateMachineArn();
            StartSyncExecutionResponse sync = sfn.startSyncExecution(b -> b.stateMachineArn(arn).input("{}"));
            assertThat(sync.statusAsString()).isEqualTo("FAILED");
            assertThat(sync.error()).isEqualTo("States.QueryEvaluationError");
            // The server is still itself: an ordinary expression right after answers as it should.
            TestStateResponse fine = sfn.testState(b -> b.definition(state("$pad('', 10, 'x')")).roleArn(ROLE).input("{}"));
            assertThat(fine.output()).isEqualTo("\"xxxxxxxxxx\"");
        }
    }

    @Test
    void aDurablePipelineFailsTheStateWithTheSameError() {
        for (int i = 0; i < EXPRESSIONS.size(); i++) {
            String id = http().post("/v1/pipelines/builds-" + i + "/executions", "{\"input\": {}}").body().get("executionId").asText();
            JsonNode done = await().atMost(Duration.ofSeconds(60)).until(() -> http().get("/v1/executions/" + id).body(),
                    b -> !b.get("status").asText().equals("RUNNING"));
            assertThat(done.get("status").asText()).as(done.toString()).isEqualTo("FAILED");
            assertThat(done.toString()).as(EXPRESSIONS.get(i)).contains("States.QueryEvaluationError");
        }
        assertThat(http().get("/health").status()).isEqualTo(200);
    }
}
