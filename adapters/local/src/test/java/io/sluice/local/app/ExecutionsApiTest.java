package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The executions endpoints, above all what they answer to requests they cannot carry out. */
class ExecutionsApiTest extends LocalAppTest {

    /** Every error is problem+json naming the field that was wrong and what was expected. */
    private static void assertProblem(Http.Response r, int status, String field) {
        assertThat(r.status()).as(r.body() == null ? "" : r.body().toString()).isEqualTo(status);
        assertThat(r.contentType()).isEqualTo("application/problem+json");
        assertThat(r.body().get("status").asInt()).isEqualTo(status);
        assertThat(r.body().get("type").asText()).startsWith("urn:sluice:problem:");
        assertThat(r.body().get("detail").asText()).isNotBlank();
        if (field != null) {
            assertThat(r.body().get("field").asText()).isEqualTo(field);
            assertThat(r.body().get("expected").asText()).isNotBlank();
            if (status == 400) {
                assertThat(r.body().get("detail").asText()).startsWith(field + ": expected ");
            }
        }
    }

    @Test
    void startingARunningNameReturnsItAndAFinishedNameIsAConflict() {
        String name = unique("twice");
        Http.Response first = http().post("/v1/pipelines/waits/executions", "{\"name\": \"" + name + "\"}");
        assertThat(first.status()).isEqualTo(201);
        Http.Response again = http().post("/v1/pipelines/waits/executions", "{\"name\": \"" + name + "\", \"input\": {\"x\": 1}}");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body().get("executionId")).isEqualTo(first.body().get("executionId"));

        String id = first.body().get("executionId").asText();
        assertThat(http().post("/v1/executions/" + id + "/stop", "").body().get("status").asText()).isEqualTo("ABORTED");
        Http.Response taken = http().post("/v1/pipelines/waits/executions", "{\"name\": \"" + name + "\"}");
        assertProblem(taken, 409, "name");
        assertThat(taken.body().get("executionStatus").asText()).isEqualTo("ABORTED");
        assertThat(taken.detail()).contains(name).contains("redrive");
    }

    @Test
    void startRefusesWhatItCannotRun() {
        assertProblem(http().post("/v1/pipelines/no-such/executions", "{}"), 404, null);
        assertThat(http().post("/v1/pipelines/no-such/executions", "{}").detail()).contains("no-such.asl.json");
        assertProblem(http().post("/v1/pipelines/orders/executions", "{\"name\": \"has space\"}"), 400, "name");
        assertProblem(http().post("/v1/pipelines/orders/executions", "{\"name\": 7}"), 400, "name");
        assertProblem(http().post("/v1/pipelines/orders/executions", "[1, 2]"), 400, "body");
        assertProblem(http().post("/v1/pipelines/orders/executions", "{\"input\": "), 400, "body");

        Http.Response broken = http().post("/v1/pipelines/broken/executions", "{}");
        assertProblem(broken, 422, null);
        assertThat(broken.body().get("problems").toString()).contains("/States/First/Next").contains("'Nowhere'");
        Http.Response missing = http().post("/v1/pipelines/calls-missing/executions", "{}");
        assertProblem(missing, 422, null);
        assertThat(missing.detail()).contains("/States/Fan/Branches/0/States/Load/Resource").contains("copy-to-warehouse");
    }

    @Test
    void aStartBodyWithAnUnknownFieldIsRefusedNamingItAndStartsNothing() {
        int before = http().get("/v1/executions?pipeline=shout&limit=1000").body().get("executions").size();
        Http.Response typo = http().post("/v1/pipelines/shout/executions", "{\"nmae\": \"" + unique("typo") + "\", \"input\": {\"text\": \"x\"}}");
        Problems.assertInvalid(typo, "nmae");
        assertThat(typo.detail()).contains("\"name\"");
        assertThat(http().get("/v1/executions?pipeline=shout&limit=1000").body().get("executions").size()).isEqualTo(before);
    }

    @Test
    void aBodyNotDeclaredJsonIsRefusedAsAPageCouldSendItCrossOrigin() {
        Http.Response r = http().postForm("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"form\"}}");
        assertProblem(r, 415, "Content-Type");
        assertThat(r.body().get("type").asText()).isEqualTo("urn:sluice:problem:unsupported-media-type");
        assertThat(r.detail()).contains("application/json", "'application/x-www-form-urlencoded'");
    }

    @Test
    void listFiltersByPipelineAndStatusAndRefusesUnknownValues() {
        String id = http().post("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"x\"}}").body().get("executionId").asText();
        await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions/" + id).body().get("status").asText().equals("SUCCEEDED"));

        JsonNode shouts = http().get("/v1/executions?pipeline=shout&status=SUCCEEDED").body().get("executions");
        assertThat(shouts).isNotEmpty().allSatisfy(e -> {
            assertThat(e.get("pipeline").asText()).isEqualTo("shout");
            assertThat(e.get("status").asText()).isEqualTo("SUCCEEDED");
            assertThat(e.has("stopTime")).isTrue();
        });
        assertThat(shouts.findValuesAsText("executionId")).contains(id);
        assertThat(http().get("/v1/executions?pipeline=shout&status=RUNNING").body().get("executions").findValuesAsText("executionId"))
                .doesNotContain(id);
        assertThat(http().get("/v1/executions?limit=1").body().get("executions")).hasSize(1);
        assertThat(http().get("/v1/executions?pipeline=&status=").status()).as("empty filters mean any").isEqualTo(200);

        assertProblem(http().get("/v1/executions?status=DONE"), 400, "status");
        assertProblem(http().get("/v1/executions?limit=0"), 400, "limit");
        assertProblem(http().get("/v1/executions?limit=lots"), 400, "limit");
    }

    @Test
    void describeAndHistoryOfAnUnknownExecutionAreNotFound() {
        assertProblem(http().get("/v1/executions/orders:never-ran"), 404, null);
        assertProblem(http().get("/v1/executions/orders:never-ran/history"), 404, null);
        assertProblem(http().get("/v1/executions/orders:never-ran/history?from=-1"), 400, "from");
    }

    @Test
    void stopAndRedriveWorkOnlyWhereStepFunctionsAllowsThem() {
        assertProblem(http().post("/v1/executions/waits:nope/stop", ""), 404, null);
        assertProblem(http().post("/v1/executions/waits:nope/redrive", ""), 404, null);

        String id = http().post("/v1/pipelines/waits/executions", "{}").body().get("executionId").asText();
        assertProblem(http().post("/v1/executions/" + id + "/redrive", ""), 409, null);
        assertProblem(http().post("/v1/executions/" + id + "/stop", "{\"cause\": 42}"), 400, "cause");

        Http.Response stopped = http().post("/v1/executions/" + id + "/stop", "{\"error\": \"Ops.Cancelled\", \"cause\": \"by hand\"}");
        assertThat(stopped.status()).isEqualTo(200);
        assertThat(stopped.body().get("status").asText()).isEqualTo("ABORTED");
        assertThat(stopped.body().has("stopTime")).isTrue();
        Http.Response twice = http().post("/v1/executions/" + id + "/stop", "");
        assertProblem(twice, 409, null);
        assertThat(twice.detail()).contains("ABORTED");

        Http.Response redriven = http().post("/v1/executions/" + id + "/redrive", "");
        assertThat(redriven.body().get("status").asText()).isEqualTo("RUNNING");
        http().post("/v1/executions/" + id + "/stop", "");
    }

    @Test
    void unknownPathsAndMethodsAreProblemsToo() {
        assertProblem(http().get("/v2/nothing"), 404, null);
        assertProblem(http().send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url() + "/v1/executions")).DELETE()), 405, null);
    }
}
