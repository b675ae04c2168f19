package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertInvalid;
import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The local mode (no tenants): pipelines, partitions, the since filter, the body limit and unsigned webhooks. */
class ApiLocalModeTest extends LocalAppTest {

    @Test
    void pipelinesListsEveryFileWithWhatKeepsItFromRunning() {
        Http.Response r = http().get("/v1/pipelines");
        assertThat(r.status()).isEqualTo(200);
        Map<String, JsonNode> byId = new HashMap<>();
        r.body().get("pipelines").forEach(p -> byId.put(p.get("id").asText(), p));
        assertThat(byId).containsKeys("orders", "shout", "waits", "broken", "down", "bad-options").doesNotContainKey("notes");
        assertThat(byId.get("shout").get("valid").asBoolean()).isTrue();
        assertThat(byId.get("shout").get("definitionHash").asText()).isNotBlank();
        assertThat(byId.get("shout").has("tenant")).as("no tenants in the local mode").isFalse();
        assertThat(byId.get("shout").get("webhook").get("signed").asBoolean()).isFalse();
        assertThat(byId.get("broken").get("valid").asBoolean()).isFalse();
        assertThat(byId.get("broken").get("problems").toString()).contains("/States/First/Next");
        assertThat(byId.get("down").get("dependsOn").toString())
                .isEqualTo("[{\"pipeline\":\"up-a\",\"partitions\":\"identity\"},{\"pipeline\":\"up-b\",\"partitions\":\"identity\"}]");
        assertThat(byId.get("bad-options").get("problems").toString())
                .contains("/dependsOn/0/partitions", "'weekly'", "/webhook/secret", "/schedule");
        assertThat(byId.get("bad-options").get("webhook").get("signed").asBoolean()).as("closed until fixed").isTrue();
    }

    @Test
    void aPartitionGoesIntoTheInputAndTheDefaultName() {
        Http.Response r = http().post("/v1/pipelines/shout/executions",
                "{\"partition\": \"2026-11-29\", \"input\": {\"text\": \"p\"}}");
        assertThat(r.status()).as(r.detail()).isEqualTo(201);
        assertThat(r.body().get("name").asText()).matches("2026-11-29-[0-9a-f]{8}");
        String id = r.body().get("executionId").asText();
        JsonNode described = http().get("/v1/executions/" + id).body();
        assertThat(described.get("input").get("partition").asText()).isEqualTo("2026-11-29");
        assertThat(described.get("input").get("text").asText()).isEqualTo("p");
        Http.Response same = http().post("/v1/pipelines/shout/executions", "{\"partition\": \"2026-11-29\", \"input\": "
                + "{\"partition\": \"2026-11-29\", \"text\": \"q\"}}");
        assertThat(same.status()).as("a partition given twice, the same").isEqualTo(201);
    }

    @Test
    void aPartitionThatCannotBeUsedIsABadRequest() {
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": \"a\", \"input\": {\"partition\": \"b\"}}"), "partition");
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": \"a\", \"input\": [1]}"), "input");
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": \"  \"}"), "partition");
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": \"a\\u0000b\"}"), "partition");
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": 20261129}"), "partition");
        assertInvalid(http().post("/v1/pipelines/shout/executions", "{\"partition\": \"" + "x".repeat(257) + "\"}"), "partition");
    }

    @Test
    void aPartitionThatIsAPathIsABadRequestWhereverItComes() {
        String start = "/v1/pipelines/shout/executions";
        for (String partition : new String[] {"../b/2026-01-01", "../../../../outside/secret", "b/2026-01-01", "2026-11-29\\n-- x", ".hidden"}) {
            Http.Response top = http().post(start, "{\"partition\": \"" + partition + "\"}");
            assertInvalid(top, "partition");
            assertThat(top.body().get("expected").asText()).contains("2026-11-29T13", "letters, digits and _ - . =", "no '..'");
            assertInvalid(http().post(start, "{\"input\": {\"partition\": \"" + partition + "\", \"text\": \"x\"}}"), "input.partition");
            assertInvalid(http().post("/v1/pipelines/shout/webhook", "{\"partition\": \"" + partition + "\", \"text\": \"x\"}"), "partition");
        }
        assertInvalid(http().post(start, "{\"input\": {\"partition\": [\"../b\"]}}"), "input.partition");
        assertInvalid(http().post(start, "{\"partition\": \"" + "x".repeat(65) + "\"}"), "partition");
        assertThat(http().post(start, "{\"input\": {\"partition\": \"2026-11-29T13\", \"text\": \"x\"}}").status()).isEqualTo(201);
    }

    @Test
    void sinceListsOnlyExecutionsStartedFromThatTime() {
        String id = http().post("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"s\"}}").body().get("executionId").asText();
        assertThat(http().get("/v1/executions?pipeline=shout&since=2000-01-01").body().get("executions").findValuesAsText("executionId"))
                .contains(id);
        assertThat(http().get("/v1/executions?since=2999-01-01T00:00:00Z").body().get("executions")).isEmpty();
        assertThat(http().get("/v1/executions?since=").status()).as("empty means any").isEqualTo(200);
        assertInvalid(http().get("/v1/executions?since=yesterday"), "since");
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413WithOrWithoutALength() {
        String big = "{\"input\": {\"blob\": \"" + "x".repeat(300_000) + "\"}}";
        Http.Response sized = http().post("/v1/pipelines/shout/executions", big);
        assertProblem(sized, 413, "payload-too-large");
        assertThat(sized.body().get("limit").asLong()).isEqualTo(262_144);

        HttpRequest.Builder chunked = HttpRequest.newBuilder(URI.create(url() + "/v1/pipelines/shout/executions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big.getBytes())));
        assertProblem(http().send(chunked), 413, "payload-too-large");
        assertThat(http().post("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"" + "y".repeat(200_000) + "\"}}").status())
                .as("under the limit").isEqualTo(201);
    }

    @Test
    void anUnsignedWebhookStartsWithTheBodyAsInputOncePerDelivery() {
        String delivery = unique("delivery");
        Http.Response first = http().post("/v1/pipelines/shout/webhook", "{\"text\": \"hook\", \"partition\": \"2026-11-30\"}",
                "X-Sluice-Delivery", delivery);
        assertThat(first.status()).as(first.detail()).isEqualTo(201);
        assertThat(first.body().get("name").asText()).isEqualTo(delivery);
        Http.Response again = http().post("/v1/pipelines/shout/webhook", "{\"text\": \"hook\"}", "X-Sluice-Delivery", delivery);
        assertThat(again.status()).isIn(200, 409);
        String id = first.body().get("executionId").asText();
        JsonNode done = await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions/" + id).body(),
                b -> b.get("status").asText().equals("SUCCEEDED"));
        assertThat(done.get("output").asText()).isEqualTo("HOOK!");

        Http.Response noName = http().post("/v1/pipelines/shout/webhook", "{\"partition\": \"2026-11-30\"}");
        assertThat(noName.body().get("name").asText()).startsWith("2026-11-30-");
        assertInvalid(http().post("/v1/pipelines/shout/webhook", "{}", "X-Sluice-Delivery", "no spaces please"), "X-Sluice-Delivery");
        assertInvalid(http().post("/v1/pipelines/shout/webhook", "[1]"), "body");
        assertProblem(http().post("/v1/pipelines/no-such/webhook", "{}"), 404, "not-found");
        Http.Response closed = http().post("/v1/pipelines/bad-options/webhook", "{}");
        assertProblem(closed, 422, "pipeline-invalid");
        assertThat(closed.detail()).contains("bad-options.pipeline.json");
    }

    /** Issue 9, finding 6h: answers name the runtime's files relative to its folders, never by an absolute server path. */
    @Test
    void answersShowNoAbsoluteServerPath() {
        String root = TestPipelines.directory().toAbsolutePath().getParent().toString();
        Http.Response missing = http().post("/v1/pipelines/no-such/executions", "{}");
        assertProblem(missing, 404, "not-found");
        assertThat(missing.detail()).contains("expected a file " + TestPipelines.directory().getFileName() + "/no-such.asl.json");
        Http.Response broken = http().post("/v1/pipelines/broken/executions", "{}");
        assertProblem(broken, 422, "pipeline-invalid");
        assertThat(broken.detail()).contains(TestPipelines.directory().getFileName() + "/broken.asl.json");
        Http.Response options = http().post("/v1/pipelines/bad-options/webhook", "{}");
        assertProblem(options, 422, "pipeline-invalid");
        assertThat(options.detail()).contains(TestPipelines.directory().getFileName() + "/bad-options.pipeline.json");
        for (Http.Response r : new Http.Response[] {missing, broken, options, http().get("/v1/pipelines")}) {
            assertThat(r.body().toString()).doesNotContain(root);
        }
    }

    /** Issue 9, finding 6f: 997 deep answered 500, and 996 deep was accepted but its history then answered 500. */
    @Test
    void anInputNestedDeeperThanTheLimitIs400AndOneAtTheLimitCanBeReadBack() {
        assertThat(assertDeep(997).detail()).contains("at most 256 deep");
        assertThat(assertDeep(996).detail()).contains("at most 256 deep");
        assertThat(assertDeep(1200).status()).isEqualTo(400);
        assertThat(assertDeep(257).detail()).contains("nested 257 deep");

        // The body {"input": {"text": ..., "deep": [[...]]}}: 2 levels, then arrays to 256.
        String body = "{\"input\": {\"text\": \"deep\", \"deep\": " + "[".repeat(254) + "]".repeat(254) + "}}";
        Http.Response started = http().post("/v1/pipelines/shout/executions", body);
        assertThat(started.status()).as(started.detail()).isEqualTo(201);
        String id = started.body().get("executionId").asText();
        await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions/" + id).body().get("status").asText(),
                "SUCCEEDED"::equals);
        assertThat(http().get("/v1/executions/" + id).status()).isEqualTo(200);
        Http.Response history = http().get("/v1/executions/" + id + "/history");
        assertThat(history.status()).as(history.detail()).isEqualTo(200);
        assertThat(history.body().get("events")).isNotEmpty();
    }

    /** A start whose body nests {@code depth} deep; it must be refused as invalid. */
    private Http.Response assertDeep(int depth) {
        String body = "{\"input\": " + "[".repeat(depth - 1) + "]".repeat(depth - 1) + "}";
        Http.Response r = http().post("/v1/pipelines/shout/executions", body);
        assertInvalid(r, "body");
        return r;
    }

    @Test
    void theFunctionEmulatorIsOpenInTheLocalMode() {
        assertThat(http().post("/functions/echo", "{}").status()).isEqualTo(200);
    }
}
