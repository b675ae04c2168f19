package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Task callbacks and the local function emulator. */
class TasksAndFunctionsApiTest extends LocalAppTest {

    private static void assertProblem(Http.Response r, int status, String field) {
        assertThat(r.status()).as(String.valueOf(r.body())).isEqualTo(status);
        assertThat(r.contentType()).isEqualTo("application/problem+json");
        if (field != null) {
            assertThat(r.body().get("field").asText()).isEqualTo(field);
            assertThat(r.detail()).startsWith(field + ": expected ");
        }
    }

    private String runningTask() {
        String id = http().post("/v1/pipelines/waits/executions", "{}").body().get("executionId").asText();
        return await().atMost(Duration.ofSeconds(20)).until(() -> {
            for (JsonNode e : http().get("/v1/executions/" + id + "/history").body().get("events")) {
                if (e.path("type").asText().equals("TASK_SCHEDULED")) {
                    return e.get("detail").get("token").asText();
                }
            }
            return null;
        }, t -> t != null);
    }

    @Test
    void callbacksNeedATokenOfARunningExecution() {
        assertProblem(http().post("/v1/tasks/not-a-token/success", "{}"), 400, "token");
        assertProblem(http().post("/v1/tasks/waits:gone.0.1.0/success", "{}"), 404, null);

        String token = runningTask();
        assertThat(http().post("/v1/tasks/" + token + "/heartbeat", "").status()).isEqualTo(202);
        String notYet = token.substring(0, token.indexOf('.')) + ".0.2.0";
        Http.Response early = http().post("/v1/tasks/" + notYet + "/success", "{}");
        assertProblem(early, 409, null);
        // The refusal names neither the token tried nor the one the execution waits for: tokens are credentials.
        assertThat(early.detail()).contains("does not wait for that task token").doesNotContain(token).doesNotContain(".0.2.0");
        String forged = token.substring(0, token.lastIndexOf('.')) + ".0123456789abcdef0123456789abcdef";
        Http.Response guessed = http().post("/v1/tasks/" + forged + "/success", "{}");
        assertProblem(guessed, 409, null);
        assertThat(String.valueOf(guessed.body())).doesNotContain(token);
        assertProblem(http().post("/v1/tasks/" + token + "/failure", "{\"error\": [\"x\"]}"), 400, "error");
        assertProblem(http().post("/v1/tasks/" + token + "/success", "{\"oops\""), 400, "body");

        String id = token.substring(0, token.indexOf('.'));
        http().post("/v1/executions/" + id + "/stop", "");
        Http.Response late = http().post("/v1/tasks/" + token + "/success", "{}");
        assertProblem(late, 409, null);
        assertThat(late.detail()).contains("ABORTED");
    }

    @Test
    void aFailureWithoutAnErrorNameFailsWithStatesTaskFailed() {
        String token = runningTask();
        String id = token.substring(0, token.indexOf('.'));
        assertThat(http().post("/v1/tasks/" + token + "/failure", "").status()).isEqualTo(202);
        JsonNode end = await().atMost(Duration.ofSeconds(20))
                .until(() -> http().get("/v1/executions/" + id).body(), b -> b.get("status").asText().equals("FAILED"));
        assertThat(end.get("error").asText()).isEqualTo("States.TaskFailed");
    }

    @Test
    void theFunctionEmulatorInvokesAFunctionBeanWithTheBody() {
        Http.Response echo = http().post("/functions/echo", "{\"a\": [1, 2]}");
        assertThat(echo.status()).isEqualTo(200);
        assertThat(echo.contentType()).startsWith("application/json");
        assertThat(echo.body()).isEqualTo(Json.parse("{\"a\": [1, 2]}"));
        assertThat(http().post("/functions/echo", "").body()).isEqualTo(Json.object());
        assertThat(http().post("/functions/shout", "{\"text\": \"hi\"}").body().asText()).isEqualTo("HI!");
    }

    @Test
    void theFunctionEmulatorReportsFailuresAndUnknownFunctionsAsProblems() {
        Http.Response failed = http().post("/functions/fail", "{\"error\": \"Export.RateLimited\", \"cause\": \"slow down\"}");
        assertProblem(failed, 422, null);
        assertThat(failed.body().get("error").asText()).isEqualTo("Export.RateLimited");
        assertThat(failed.body().get("cause").asText()).isEqualTo("slow down");

        Http.Response unknown = http().post("/functions/copy-to-warehouse", "{}");
        assertProblem(unknown, 404, null);
        assertThat(unknown.detail()).contains("echo", "fail", "shout", "wait-callback");
        assertProblem(http().post("/functions/echo", "{nope"), 400, "body");
    }
}
