package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A pipeline with Task, Retry, Catch, Map, Parallel, Wait and a {@code .waitForTaskToken} callback
 * (examples/local/pipelines/orders.asl.json) started, called back and read over HTTP, on ElasticMQ
 * and Redis.
 */
class LocalRuntimeEndToEndTest extends LocalAppTest {
    private static final String INPUT = "{\"order\": \"A-1\", \"items\": [\"apple\", \"pear\", \"fig\"]}";

    @Test
    void theExamplePipelineRunsToItsOutputWithACallbackOverHttp() {
        Http.Response started = http().post("/v1/pipelines/orders/executions", "{\"name\": \"" + unique("e2e") + "\", \"input\": " + INPUT + "}");
        assertThat(started.status()).as(started.detail()).isEqualTo(201);
        String id = started.body().get("executionId").asText();
        assertThat(started.body().get("status").asText()).isEqualTo("RUNNING");

        String token = awaitToken(id, "Approve", null);
        Http.Response queued = http().post("/v1/tasks/" + token + "/success", "{\"by\": \"ann\"}");
        assertThat(queued.status()).as(queued.detail()).isEqualTo(202);

        JsonNode done = awaitEnd(id);
        assertThat(done.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.get("output")).isEqualTo(Json.parse("""
                {"order": "A-1", "items": 3, "checked": ["apple", "pear", "fig"],
                 "payment": {"payment": "invoice", "reason": "Payment.Declined"}, "stock": "reserved", "approvedBy": "ann"}"""));
        assertThat(done.get("input")).isEqualTo(Json.parse(INPUT));
        assertThat(eventTypes(id)).contains("MAP_ITERATION_STARTED", "BRANCH_STARTED", "TASK_RETRY_SCHEDULED", "CAUGHT",
                "WAIT_STARTED", "EXECUTION_SUCCEEDED");
        assertThat(eventTypes(id)).as("no task result or timer arrived twice").doesNotContain("RESULT_DROPPED");
    }

    @Test
    void aFailureCallbackFailsTheExecutionAndRedriveResumesAtTheWaitingState() {
        String id = http().post("/v1/pipelines/waits/executions", "{}").body().get("executionId").asText();
        String first = awaitToken(id, "Hold", null);
        Http.Response failed = http().post("/v1/tasks/" + first + "/failure", "{\"error\": \"Approval.Rejected\", \"cause\": \"no budget\"}");
        assertThat(failed.status()).as(failed.detail()).isEqualTo(202);
        JsonNode end = awaitEnd(id);
        assertThat(end.get("status").asText()).isEqualTo("FAILED");
        assertThat(end.get("error").asText()).isEqualTo("Approval.Rejected");
        assertThat(end.get("cause").asText()).isEqualTo("no budget");

        Http.Response redriven = http().post("/v1/executions/" + id + "/redrive", "");
        assertThat(redriven.status()).as(redriven.detail()).isEqualTo(200);
        assertThat(redriven.body().get("status").asText()).isEqualTo("RUNNING");
        String second = awaitToken(id, "Hold", first);
        assertThat(second).as("the redriven task has a token of its own").isNotEqualTo(first);
        assertThat(http().post("/v1/executions/" + id + "/stop", "{\"cause\": \"test over\"}").body().get("status").asText())
                .isEqualTo("ABORTED");
    }

    @Test
    void aFunctionBeanOfTheApplicationIsATaskFunction() {
        String id = http().post("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"hello\"}}").body().get("executionId").asText();
        JsonNode done = awaitEnd(id);
        assertThat(done.get("output").asText()).as(done.toString()).isEqualTo("HELLO!");
    }

    /** The token of the newest TASK_SCHEDULED event of {@code state}, once it is not {@code previous}. */
    private String awaitToken(String id, String state, String previous) {
        return await().atMost(Duration.ofSeconds(20)).until(() -> newest(id, state), t -> t.isPresent() && !t.get().equals(previous)).get();
    }

    private Optional<String> newest(String id, String state) {
        String token = null;
        for (JsonNode e : history(id)) {
            if (e.path("type").asText().equals("TASK_SCHEDULED") && state.equals(e.path("state").asText())) {
                token = e.path("detail").path("token").asText();
            }
        }
        return Optional.ofNullable(token);
    }

    private JsonNode history(String id) {
        Http.Response r = http().get("/v1/executions/" + id + "/history");
        assertThat(r.status()).as(r.detail()).isEqualTo(200);
        return r.body().get("events");
    }

    private List<String> eventTypes(String id) {
        List<String> types = new ArrayList<>();
        history(id).forEach(e -> types.add(e.path("type").asText()));
        return types;
    }

    private JsonNode awaitEnd(String id) {
        return await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> http().get("/v1/executions/" + id).body(), b -> !b.path("status").asText().equals("RUNNING"));
    }
}
