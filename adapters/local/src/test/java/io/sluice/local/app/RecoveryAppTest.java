package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Block and recover on the local runtime, on the real Redis: {@code POST /v1/blocks} blocks a pipeline and what is
 * downstream of it by {@code dependsOn} and by lineage, one rule per pipeline and date; {@code POST /v1/backfills}
 * re-runs the chain for the dates in dependency order (each run starts only after its upstreams' runs for that date
 * ended in success), lifts the block and ends SUCCEEDED; a failed run leaves what depends on it pending and blocked.
 *
 * <pre>
 *   rc-src ──dependsOn──▶ rc-mid ──dependsOn──▶ rc-fin ◀── rc-side (outside the chain)
 *      └──lineage (a dataset rc-src wrote, rc-reader read)──▶ rc-reader
 *   rc-bad (fails) ──dependsOn──▶ rc-after
 * </pre>
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RecoveryAppTest {
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String PREFIX = "sluice-test:recovery:" + RUN;

    @LocalServerPort
    int port;

    @Autowired
    LineageLog lineage;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> PREFIX);
        RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), PREFIX);
        registry.add("sluice.queue-prefix", () -> "rc" + RUN);
        registry.add("sluice.pipelines-dir", () -> pipelines().toString());
        registry.add("sluice.data-functions", () -> false);
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
        registry.add("sluice.sfn-api.port", () -> 0);
    }

    private static Path pipelines() {
        String pass = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "recovery-pipelines-");
            for (String p : List.of("rc-src", "rc-fin", "rc-side", "rc-reader", "rc-after")) {
                Files.writeString(dir.resolve(p + ".asl.json"), pass);
            }
            Files.writeString(dir.resolve("rc-mid.asl.json"), """
                    {"StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
            Files.writeString(dir.resolve("rc-bad.asl.json"), """
                    {"StartAt": "Fail", "States": {"Fail": {"Type": "Task", "Resource": "sluice:function:fail", "End": true}}}""");
            Files.writeString(dir.resolve("rc-mid.pipeline.json"), "{\"dependsOn\": [\"rc-src\"]}");
            Files.writeString(dir.resolve("rc-fin.pipeline.json"), "{\"dependsOn\": [\"rc-mid\", \"rc-side\"]}");
            Files.writeString(dir.resolve("rc-after.pipeline.json"), "{\"dependsOn\": [\"rc-bad\"]}");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private List<JsonNode> rulesOf(String blockId) {
        List<JsonNode> out = new ArrayList<>();
        http().get("/v1/rules").body().get("rules").forEach(r -> {
            if (r.get("id").asText().startsWith(blockId + "-")) {
                out.add(r);
            }
        });
        return out;
    }

    @Test
    void blockDownstreamThenBackfillInDependencyOrderLiftsTheBlock() {
        Instant t0 = Instant.parse("2026-11-28T06:00:00Z");
        lineage.record(new LineageLog.Use("objects:raw/rc-" + RUN + "/", "2026-11-28", LineageLog.Direction.WRITE, "rc-src:x", "rc-src", t0));
        lineage.record(new LineageLog.Use("objects:raw/rc-" + RUN + "/", "2026-11-28", LineageLog.Direction.READ, "rc-reader:x", "rc-reader",
                t0.plusSeconds(60)));

        Http.Response block = http().post("/v1/blocks", """
                {"pipeline": "rc-src", "from": "2026-11-28", "to": "2026-11-29", "until": "%s", "reason": "supplier shipped bad rows"}"""
                .formatted(Instant.now().plus(Duration.ofHours(2))));
        assertThat(block.status()).as(block.detail()).isEqualTo(201);
        String blockId = block.body().get("id").asText();
        assertThat(texts(block.body().get("pipelines"))).as("in dependency order; rc-side is no downstream of rc-src")
                .containsExactly("rc-src", "rc-mid", "rc-reader", "rc-fin");
        assertThat(texts(block.body().get("partitions"))).containsExactly("2026-11-28", "2026-11-29");
        List<JsonNode> rules = rulesOf(blockId);
        assertThat(rules).hasSize(8);
        assertThat(rules).allSatisfy(r -> {
            assertThat(r.get("effect").asText()).isEqualTo("block");
            assertThat(r.get("partitions").get("from").asText()).isEqualTo(r.get("partitions").get("to").asText());
            assertThat(r.get("reason").asText()).contains("supplier shipped bad rows").contains(blockId);
        });

        Http.Response started = http().post("/v1/backfills", """
                {"pipeline": "rc-src", "from": "2026-11-28", "to": "2026-11-29", "downstream": true}""");
        assertThat(started.status()).as(started.detail()).isEqualTo(201);
        String id = started.body().get("id").asText();
        JsonNode done = await().atMost(Duration.ofSeconds(60)).until(() -> http().get("/v1/backfills/" + id).body(),
                b -> !b.path("state").asText().equals("RUNNING"));
        assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        assertThat(done.get("runs")).hasSize(8);
        assertThat(done.get("chain").get("rc-fin").toString()).isEqualTo("[\"rc-mid\"]");

        Map<String, JsonNode> runs = new HashMap<>();
        done.get("runs").forEach(r -> {
            assertThat(r.get("status").asText()).isEqualTo("SUCCEEDED");
            runs.put(r.get("pipeline").asText() + "@" + r.get("partition").asText(),
                    http().get("/v1/executions/" + r.get("executionId").asText()).body());
        });
        for (String date : List.of("2026-11-28", "2026-11-29")) {
            assertThat(runs.get("rc-src@" + date).get("input").get("backfill").asText()).isEqualTo(id);
            after(runs.get("rc-mid@" + date), runs.get("rc-src@" + date));
            after(runs.get("rc-reader@" + date), runs.get("rc-src@" + date));
            after(runs.get("rc-fin@" + date), runs.get("rc-mid@" + date));
            assertThat(http().get("/v1/executions/rc-mid:" + date).status()).as("dependsOn started no run of its own").isEqualTo(404);
        }
        assertThat(rulesOf(blockId)).as("the block is lifted").isEmpty();
    }

    private static void after(JsonNode run, JsonNode upstream) {
        assertThat(Instant.parse(run.get("startTime").asText())).as(run.get("executionId") + " starts after " + upstream.get("executionId") + " ended")
                .isAfterOrEqualTo(Instant.parse(upstream.get("stopTime").asText()));
    }

    @Test
    void aFailedRunLeavesWhatDependsOnItPendingAndBlocked() {
        Http.Response block = http().post("/v1/blocks", """
                {"pipeline": "rc-bad", "from": "2026-10-01", "to": "2026-10-01", "until": "%s", "reason": "bad"}"""
                .formatted(Instant.now().plus(Duration.ofHours(1))));
        assertThat(block.status()).as(block.detail()).isEqualTo(201);
        String blockId = block.body().get("id").asText();
        Http.Response started = http().post("/v1/backfills", """
                {"pipeline": "rc-bad", "from": "2026-10-01", "to": "2026-10-01", "downstream": true}""");
        assertThat(started.status()).as(started.detail()).isEqualTo(201);
        String id = started.body().get("id").asText();
        JsonNode done = await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/backfills/" + id).body(),
                b -> !b.path("state").asText().equals("RUNNING"));
        assertThat(done.get("state").asText()).isEqualTo("FAILED");
        Map<String, String> status = new HashMap<>();
        done.get("runs").forEach(r -> status.put(r.get("pipeline").asText(), r.get("status").asText()));
        assertThat(status).containsEntry("rc-bad", "FAILED").containsEntry("rc-after", "PENDING");
        assertThat(rulesOf(blockId)).as("the failed run's block was lifted as it started; its dependent's stays")
                .extracting(r -> r.get("pipeline").asText()).containsExactly("rc-after");
    }

    @Test
    void aBackfillWithoutDownstreamRunsThePipelineAlone() {
        Http.Response started = http().post("/v1/backfills", """
                {"pipeline": "rc-src", "from": "2026-09-01", "to": "2026-09-02"}""");
        assertThat(started.status()).as(started.detail()).isEqualTo(201);
        assertThat(started.body().get("downstream").asBoolean()).isFalse();
        assertThat(started.body().get("runs")).hasSize(2);
        String id = started.body().get("id").asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/backfills/" + id).body().path("state").asText().equals("SUCCEEDED"));
    }

    @Test
    void badRequestsAreRefusedNamingTheField() {
        String until = Instant.now().plusSeconds(600).toString();
        String[][] cases = {
                {"/v1/backfills", "{\"pipeline\": \"nope\", \"from\": \"2026-11-28\", \"to\": \"2026-11-28\"}", "pipeline"},
                {"/v1/backfills", "{\"from\": \"2026-11-28\", \"to\": \"2026-11-28\"}", "pipeline"},
                {"/v1/backfills", "{\"pipeline\": \"rc-src\", \"from\": \"28/11/2026\", \"to\": \"2026-11-28\"}", "from"},
                {"/v1/backfills", "{\"pipeline\": \"rc-src\", \"from\": \"2026-11-29\", \"to\": \"2026-11-28\"}", "to"},
                {"/v1/backfills", "{\"pipeline\": \"rc-src\", \"from\": \"2026-01-01\", \"to\": \"2026-03-01\"}", "to"},
                {"/v1/backfills", "{\"pipeline\": \"rc-src\", \"from\": \"2026-11-28\", \"to\": \"2026-11-28\", \"downstream\": \"yes\"}", "downstream"},
                {"/v1/backfills", "{\"pipeline\": \"rc-src\", \"from\": \"2026-11-28\", \"to\": \"2026-11-28\", \"extra\": 1}", "extra"},
                {"/v1/blocks", "{\"pipeline\": \"rc-src\", \"from\": \"2026-11-28\", \"to\": \"2026-11-28\", \"reason\": \"r\"}", "until"},
                {"/v1/blocks", "{\"pipeline\": \"rc-src\", \"from\": \"2026-11-28\", \"to\": \"2026-11-28\", \"until\": \"" + until + "\"}", "reason"},
        };
        for (String[] c : cases) {
            Http.Response r = http().post(c[0], c[1]);
            assertProblem(r, 400, "invalid-request");
            assertThat(r.body().get("field").asText()).as(c[1]).isEqualTo(c[2]);
        }
        assertThat(http().get("/v1/rules").body().get("rules").findValuesAsText("pipeline")).as("a refused block made no rule")
                .doesNotContain("rc-src");
        assertProblem(http().get("/v1/backfills/nope"), 404, "not-found");
    }
}
