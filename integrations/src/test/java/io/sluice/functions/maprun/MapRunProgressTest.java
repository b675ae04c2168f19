package io.sluice.functions.maprun;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisMapRunStore;
import io.sluice.testkit.fake.InMemoryMapRunStore;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisson.api.RedissonClient;

/**
 * A map run's progress from its store alone ({@link MapRunProgress}): the record's status, started children and total, and
 * the store's own counts of the children that ended. On the in-memory store and on RedisMapRunStore (the testkit's Redis,
 * under a key prefix of this test's own).
 */
class MapRunProgressTest {
    private static final String RUN = "3f1c2a9e-0000-4000-8000-0000000000a1";
    private static final String PARENT = "orders:e-1";
    private static final String PREFIX = "sluice-test:maprun-progress:" + UUID.randomUUID();
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

    static Stream<Named<Supplier<MapRunStore>>> stores() {
        return Stream.of(Named.of("in memory", InMemoryMapRunStore::new),
                Named.of("Redis", () -> new RedisMapRunStore(redis, PREFIX + ":" + (++stores))));
    }

    private static MapRunRecord record(String type, long nextChild, long total, String status) {
        return new MapRunRecord(RUN, PARENT, "orders", "token", "arn", "hash", 0L,
                Json.parse("{\"Processor\": {}, \"ExecutionType\": \"" + type + "\", \"MaxConcurrency\": 4}"),
                new ChildPager.Start(null, 0, 0), nextChild, total, status, null, null, false);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aStandardRunIsCountedFromItsRecordAndTheStoresCounts(Supplier<MapRunStore> make) {
        MapRunStore store = make.get();
        store.create(RUN, record("STANDARD", 7, -1, MapRunRecord.RUNNING).encode(), Instant.now().plusSeconds(60));
        store.finish(RUN, 0, true, null);
        store.finish(RUN, 1, true, null);
        store.finish(RUN, 1, true, null); // a redelivered end: counted once
        store.finish(RUN, 4, false, null);

        MapRunProgress p = MapRunProgress.read(store, PARENT, RUN).orElseThrow();
        assertThat(p).isEqualTo(new MapRunProgress("RUNNING", false, -1, 7, 2, 1));
        assertThat(p.running()).isEqualTo(4);
        assertThat(p.pending()).as("not known until the reader is done").isEqualTo(-1);

        long version = store.load(RUN).orElseThrow().version();
        store.update(RUN, version, record("STANDARD", 7, 10, MapRunRecord.RUNNING).encode());
        assertThat(MapRunProgress.read(store, PARENT, RUN).orElseThrow().pending()).isEqualTo(3);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void anExpressRunsChildrenAreCountedAsTheyEndNotWhileTheyRun(Supplier<MapRunStore> make) {
        MapRunStore store = make.get();
        store.create(RUN, record("EXPRESS", 0, 5, MapRunRecord.RUNNING).encode(), Instant.now().plusSeconds(60));
        store.finish(RUN, 2, true, "{}");
        store.finish(RUN, 3, false, "{}");

        MapRunProgress p = MapRunProgress.read(store, PARENT, RUN).orElseThrow();
        assertThat(p.express()).isTrue();
        assertThat(p.started()).as("at least the ended ones").isEqualTo(2);
        assertThat(p.running()).isEqualTo(-1);
        assertThat(p.pending()).isEqualTo(3);
        assertThat(p.ended()).isEqualTo(2);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aRunWithoutARecordOrOfAnotherParentIsNone(Supplier<MapRunStore> make) {
        MapRunStore store = make.get();
        assertThat(MapRunProgress.read(store, PARENT, RUN)).isEmpty();
        store.create(RUN, record("STANDARD", 1, 1, "SUCCEEDED").encode(), Instant.now().plusSeconds(60));
        assertThat(MapRunProgress.read(store, "orders:someone-else", RUN)).isEmpty();
        assertThat(MapRunProgress.read(store, PARENT, RUN)).map(MapRunProgress::status).contains("SUCCEEDED");
    }
}
