package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisMapRunStore;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A distributed Map on the Azure app (the test JVM's one, {@link AzureTestApp}): started over the HTTP API, its map-run
 * and child executions run through the storage-queue functions, and {@code GET /v1/executions/{id}/map-runs} counts the
 * run's children from the app's one map-run store (AzureRuntime's RedisMapRunStore, the one the map-run function writes),
 * not by listing the child executions: {@code "counted": "store"}, with the PENDING count only the store knows.
 */
class AzureMapRunsTest {

    @Test
    void aDistributedMapsRunIsCountedFromTheAppsMapRunStore() {
        LocalFunctionsHost host = AzureTestApp.host();
        assertThat(host.instance(MapRunStore.class)).isInstanceOf(RedisMapRunStore.class);
        String name = "fan-" + UUID.randomUUID().toString().substring(0, 8);
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/fan/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"},
                 "body": {"name": "%s", "input": {"items": [1, 2, 3]}}}""".formatted(name)));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();

        JsonNode finished = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id)).path("body");
        }, d -> !d.path("status").asText().equals("RUNNING"));
        assertThat(finished.path("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");

        JsonNode runs = host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id + "/map-runs"));
        assertThat(runs.path("status").asInt()).as(runs.toString()).isEqualTo(200);
        JsonNode run = runs.path("body").path("mapRuns").get(0);
        assertThat(run).as(runs.toString()).isNotNull();
        JsonNode children = run.path("children");
        assertThat(children.path("counted").asText()).as(children.toString()).isEqualTo("store");
        assertThat(children.path("total").asInt()).isEqualTo(3);
        assertThat(children.path("SUCCEEDED").asInt()).isEqualTo(3);
        assertThat(children.path("FAILED").asInt()).isZero();
        assertThat(children.path("RUNNING").asInt()).isZero();
        assertThat(children.path("PENDING").asInt()).isZero();
    }
}
