package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.control.OrchestratorExecutions;
import io.sluice.api.port.ExecutionControl;
import io.sluice.functions.hibernate.HibernatingStore;
import io.sluice.functions.retention.ArchivedExecution;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionReads;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;

/**
 * {@code GET /v1/executions/{id}} as {@link ExecutionViews#described} shows what {@link OrchestratorExecutions#describe}
 * found, on the Redis execution store (the object store a sleeping execution lies in is the testkit's, checked against the
 * real ones by its contract): {@code "asleep": true} while the execution sleeps in the object store, known from the one
 * read the description makes anyway; and the partition of a run stored before summaries carried it, read from its input.
 */
class DescribedExecutionTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private final String prefix = "sluice-test:described:" + UUID.randomUUID();
    private final RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix));
    private final ExecutionStore store = HibernatingStore.over(redis.executionStore(), new InMemoryObjectStore());
    private final ExecutionControl control = new OrchestratorExecutions(null, null, store, null, null, new ExecutionReads(store, null));

    @AfterEach
    void tearDown() {
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + "*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        redis.close();
    }

    /** A running execution of {@code orders} whose input names {@code partition}; its summary names {@code summaryPartition}. */
    private ExecutionSummary commit(String name, String summaryPartition) {
        String id = "orders:" + name;
        Execution e = new Execution(id, name, "sha256:x", Json.parse("{\"partition\": \"2026-11-28\", \"order\": 7}"), T0);
        ExecutionSummary s = new ExecutionSummary(id, "orders", name, "RUNNING", "sha256:x", T0, null, summaryPartition);
        store.commit(new Commit(s, Json.write(ExecutionCodec.encode(e)), List.of("{\"type\": \"ExecutionStarted\"}"), List.of(), 0, T0));
        return s;
    }

    private ObjectNode described(String id) {
        return ExecutionViews.described(control.describe(id).orElseThrow());
    }

    @Test
    void anExecutionAsleepInTheObjectStoreSaysSoAndOneAwakeDoesNot() {
        ExecutionSummary s = commit("sleeper", "2026-11-28");
        assertThat(described(s.executionId()).has("asleep")).as("held in Redis").isFalse();

        assertThat(((HibernatingStore) store).hibernate(s, store.load(s.executionId()).orElseThrow().state(), 1)).isTrue();
        ObjectNode asleep = described(s.executionId());
        assertThat(asleep.path("asleep").asBoolean()).isTrue();
        assertThat(asleep.path("input").path("order").asInt()).as("read as any other execution").isEqualTo(7);
        assertThat(asleep.path("status").asText()).isEqualTo("RUNNING");

        assertThat(store.loadForChange(s.executionId()).orElseThrow().asleep()).as("woken for a change").isFalse();
        assertThat(described(s.executionId()).has("asleep")).as("awake again").isFalse();
    }

    @Test
    void aRunStoredBeforeSummariesCarriedItsPartitionShowsTheOneItsInputNames() {
        ExecutionSummary s = commit("old", null);
        assertThat(store.list("orders", null, 10)).singleElement().extracting(ExecutionSummary::partition)
                .as("the listing reads summaries only").isNull();
        assertThat(described(s.executionId()).path("partition").asText()).isEqualTo("2026-11-28");
        ArchivedExecution archived = new ArchivedExecution(s, 1, store.load(s.executionId()).orElseThrow().state(), List.of());
        assertThat(ExecutionArchive.decode(ExecutionArchive.encode(archived)).summary().partition())
                .as("archived (or put to sleep) with the partition its input names").isEqualTo("2026-11-28");
    }
}
