package io.sluice.functions.maprun;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisMapRunStore;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/**
 * UpdateMapRun on a map run's record ({@link MapRunUpdates}): only a running run of the named machine changes, a field
 * left out is kept, and a write lost to the coordinator is tried again. (The API and the coordinator reading the new
 * limits: adapters/local's SfnUpdateMapRunTest.) The runs are kept where the hosts keep them, in RedisMapRunStore on the
 * testkit's Redis, under a key prefix of this test's own.
 */
class MapRunUpdatesTest {
    private static final String RUN = "3f1c2a9e-0000-4000-8000-000000000001";
    private static final String PREFIX = "sluice-test:maprun-updates:" + UUID.randomUUID();
    private static RedissonClient redis;
    private static int stores;

    @BeforeAll
    static void connect() {
        redis = RedisAdapters.client(RedisTestServer.shared().url());
    }

    @AfterAll
    static void cleanUp() {
        redis.getKeys().deleteByPattern(PREFIX + "*");
        redis.shutdown();
    }

    /** A store of its own for each test. */
    private static MapRunStore store() {
        return new RedisMapRunStore(redis, PREFIX + ":" + (++stores));
    }

    private static MapRunRecord record(String pipeline, String status) {
        return new MapRunRecord(RUN, "orders:e-1", pipeline, "token", "arn", "hash", 0L,
                Json.parse("{\"Processor\": {}, \"MaxConcurrency\": 1, \"ToleratedFailureCount\": 0}"),
                new ChildPager.Start(null, 0, 0), 1, 3, status, null, null, false);
    }

    @Test
    void aRunningRunOfTheMachineTakesTheFieldsGivenAndKeepsTheOthers() {
        MapRunStore store = store();
        store.create(RUN, record("orders", MapRunRecord.RUNNING).encode(), Instant.now().plusSeconds(60));

        assertThat(MapRunUpdates.update(store, "orders", RUN, new MapRunUpdates.Limits(null, 12.5, 4L)))
                .isEqualTo(MapRunUpdates.Outcome.UPDATED);
        assertThat(MapRunUpdates.current(store, "orders", RUN)).contains(new MapRunUpdates.Limits(1, 12.5, 4L));
        assertThat(MapRunRequest.parse(MapRunRecord.decode(store.load(RUN).orElseThrow().record()).request()).toleratedCount()).isEqualTo(4);
    }

    @Test
    void anotherMachinesRunIsNoneAndAnEndedRunStaysAsItEnded() {
        MapRunStore store = store();
        store.create(RUN, record("orders", "SUCCEEDED").encode(), Instant.now().plusSeconds(60));

        assertThat(MapRunUpdates.update(store, "payments", RUN, new MapRunUpdates.Limits(5, null, null)))
                .isEqualTo(MapRunUpdates.Outcome.NO_SUCH_RUN);
        assertThat(MapRunUpdates.current(store, "payments", RUN)).isEmpty();
        assertThat(MapRunUpdates.update(store, "orders", RUN, new MapRunUpdates.Limits(5, null, null))).isEqualTo(MapRunUpdates.Outcome.ENDED);
        assertThat(MapRunUpdates.current(store, "orders", RUN)).contains(new MapRunUpdates.Limits(1, 0.0, 0L));
        assertThat(MapRunUpdates.update(store, "orders", "no-such-run", new MapRunUpdates.Limits(5, null, null)))
                .isEqualTo(MapRunUpdates.Outcome.NO_SUCH_RUN);
    }

    @Test
    void aWriteLostToTheCoordinatorIsTriedAgainOnWhatItWrote() {
        MapRunStore memory = store();
        memory.create(RUN, record("orders", MapRunRecord.RUNNING).encode(), Instant.now().plusSeconds(60));
        AtomicBoolean coordinatorWrote = new AtomicBoolean();
        MapRunStore racing = new DelegatingStore(memory) {
            @Override
            public boolean update(String runId, long expectedVersion, String text) {
                if (coordinatorWrote.compareAndSet(false, true)) {
                    // The coordinator moves the run on between the load and this write: this write must lose and be redone.
                    MapRunStore.Versioned v = memory.load(runId).orElseThrow();
                    memory.update(runId, v.version(), MapRunRecord.decode(v.record()).withNextChild(2).encode());
                }
                return memory.update(runId, expectedVersion, text);
            }
        };
        assertThat(MapRunUpdates.update(racing, "orders", RUN, new MapRunUpdates.Limits(7, null, null))).isEqualTo(MapRunUpdates.Outcome.UPDATED);
        MapRunRecord after = MapRunRecord.decode(memory.load(RUN).orElseThrow().record());
        assertThat(after.nextChild()).as("the coordinator's write is kept").isEqualTo(2);
        assertThat(after.request().path("MaxConcurrency").asInt()).isEqualTo(7);
    }

    /** Every call to the store it wraps. */
    private static class DelegatingStore implements MapRunStore {
        private final MapRunStore inner;

        DelegatingStore(MapRunStore inner) {
            this.inner = inner;
        }

        @Override public Versioned create(String runId, String record, Instant expiresAt) { return inner.create(runId, record, expiresAt); }
        @Override public java.util.Optional<Versioned> load(String runId) { return inner.load(runId); }
        @Override public boolean update(String runId, long expectedVersion, String record) { return inner.update(runId, expectedVersion, record); }
        @Override public Finish finish(String runId, long index, boolean succeeded, String outcome) { return inner.finish(runId, index, succeeded, outcome); }
        @Override public Counts counts(String runId) { return inner.counts(runId); }
        @Override public java.util.BitSet ended(String runId, long from, long to) { return inner.ended(runId, from, to); }
        @Override public java.util.Map<Long, String> outcomes(String runId, long from, long to) { return inner.outcomes(runId, from, to); }
        @Override public void delete(String runId) { inner.delete(runId); }
    }
}
