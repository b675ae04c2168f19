package io.sluice.local.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.retention.ArchivedExecution;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionListings;
import io.sluice.functions.retention.ExecutionReads;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.start.StartResult;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.options.KeysScanOptions;

/**
 * Finished executions leave Redis for the archive in the local object store once their retention
 * has passed, on the real Redis and the folder store: every read still finds them, their names stay
 * taken, a running one is never touched, and a crash between archiving and removal loses nothing
 * and archives nothing twice.
 */
class RetentionTest {
    private static final Definition PASS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Done", "States": {"Done": {"Type": "Pass", "Result": {"ok": true}, "End": true}}}"""));
    private static final Definition WAITS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Hold", "States": {"Hold": {"Type": "Wait", "Seconds": 86400, "End": true}}}"""));
    private static final Definition FAILS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Boom", "States": {"Boom": {"Type": "Fail", "Error": "Feed.Missing", "Cause": "no feed"}}}"""));

    @TempDir
    Path dir;

    private final String prefix = "sluice-test:retention:" + UUID.randomUUID();
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-29T06:00:00Z"));
    private final Retention retention = Retention.of(Duration.ofHours(1)).withNameReuse(Duration.ofDays(90));
    private RedisAdapters redis;
    private RedisTaskQueue queue;
    private ObjectStore objects;
    private Orchestrator orchestrator;

    @BeforeEach
    void setUp() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix));
        queue = new RedisTaskQueue(redis.redisson(), prefix, 5);
        objects = new FolderObjectStore(dir.resolve("data"));
        orchestrator = orchestrator(redis.executionStore());
    }

    private Orchestrator orchestrator(ExecutionStore store) {
        return new Orchestrator(store, new DefinitionCache(redis.definitionStore()),
                new OutboxDispatcher(store, queue, redis.timerIndex(), QueueNames.DEFAULT, clock), clock, Boundary.Probe.NONE, retention);
    }

    @AfterEach
    void cleanUp() {
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        redis.close();
    }

    private ExecutionReaper reaper(ExecutionStore store) {
        return new ExecutionReaper(store, new ExecutionArchive(objects), retention);
    }

    @Test
    void aFinishedExecutionMovesToTheArchiveWhenItsRetentionPassesAndStaysReadableThere() {
        orchestrator.start("orders", "daily", PASS, Json.parse("{\"partition\": \"2026-11-29\"}"));
        String id = Orchestrator.executionId("orders", "daily");
        StoredExecution before = redis.executionStore().load(id).orElseThrow();
        List<String> history = redis.executionStore().history(id, 0, 100);
        assertThat(before.summary().status()).isEqualTo("SUCCEEDED");

        clock.advance(Duration.ofMinutes(59));
        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(0, 0));
        assertThat(redis.executionStore().load(id)).as("inside its retention").isPresent();

        clock.advance(Duration.ofMinutes(2));
        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(1, 1));

        assertThat(redis.executionStore().load(id)).isEmpty();
        assertThat(redis.executionStore().history(id, 0, 100)).isEmpty();
        assertThat(redis.executionStore().list("orders", null, 10)).isEmpty();
        ExecutionSummary retired = redis.executionStore().retired(id).orElseThrow();
        ArchivedExecution archived = new ExecutionArchive(objects).read(retired).orElseThrow();
        assertThat(archived.summary()).isEqualTo(before.summary());
        assertThat(archived.version()).isEqualTo(before.version());
        assertThat(Json.parse(archived.state())).isEqualTo(Json.parse(before.state()));
        assertThat(archived.history()).isEqualTo(history);
        ExecutionReads reads = new ExecutionReads(redis.executionStore(), new ExecutionArchive(objects));
        assertThat(reads.find(id)).hasValueSatisfying(f -> {
            assertThat(f.archived()).isTrue();
            assertThat(f.summary()).isEqualTo(before.summary());
        });
        assertThat(reads.history(id, 1, 100)).hasValue(history.subList(1, history.size()));
        assertThat(reads.find("orders:never")).isEmpty();
        assertThat(objects.list("archive/executions/", null, 10)).singleElement()
                .satisfies(o -> assertThat(o.key()).isEqualTo("archive/executions/date=2026-11-29/pipeline=orders/daily.jsonl.gz"));
    }

    /** Issue 32: history lines kept in the object store by reference are archived whole, and leave with the execution. */
    @Test
    void historyKeptInObjectsIsArchivedWholeAndLeavesWithTheExecution() {
        ExecutionStore store = ((io.sluice.orchestration.port.HistoryObjects) redis.executionStore()).keepingHistoryIn(objects);
        String id = "orders:big";
        Instant t = clock.instant();
        List<String> history = List.of("{\"type\":\"ExecutionStarted\"}",
                "{\"type\":\"TaskSucceeded\",\"output\":\"" + "x".repeat(2000) + "\"}", "{\"type\":\"ExecutionSucceeded\"}");
        store.commit(new Commit(new ExecutionSummary(id, "orders", "big", "RUNNING", "sha256:abc", t, null), "{}", history.subList(0, 1),
                List.of(), 0, t));
        store.commit(new Commit(new ExecutionSummary(id, "orders", "big", "SUCCEEDED", "sha256:abc", t, t.plusSeconds(1)), "{}",
                history.subList(1, 3), List.of(), 1, t, t.plusSeconds(60)));
        assertThat(objects.list("history/", null, 10)).as("the long line's object").hasSize(1);

        clock.advance(Duration.ofMinutes(2));
        assertThat(reaper(store).reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(1, 1));

        ArchivedExecution archived = new ExecutionArchive(objects).read(store.retired(id).orElseThrow()).orElseThrow();
        assertThat(archived.history()).isEqualTo(history);
        assertThat(objects.list("history/", null, 10)).as("gone with the execution").isEmpty();
    }

    @Test
    void anArchivedExecutionsNameStaysTakenForTheReuseWindow() {
        orchestrator.start("orders", "daily", PASS, Json.parse("{}"));
        clock.advance(Duration.ofHours(2));
        reaper(redis.executionStore()).reap(clock.instant(), 100);

        StartResult.Existing again = orchestrator.start("orders", "daily", PASS, Json.parse("{}"));

        assertThat(again).isInstanceOfSatisfying(StartResult.NameTaken.class,
                taken -> assertThat(taken.execution().status()).isEqualTo("SUCCEEDED"));
    }

    @Test
    void runningExecutionsAndFailedOnesInsideTheRedriveWindowStay() {
        orchestrator.start("orders", "waiting", WAITS, Json.parse("{}"));
        orchestrator.start("orders", "failed", FAILS, Json.parse("{}"));
        clock.advance(Duration.ofDays(13));

        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(0, 0));
        assertThat(redis.executionStore().load("orders:waiting")).isPresent();
        assertThat(redis.executionStore().load("orders:failed")).as("it can still be redriven").isPresent();

        clock.advance(Duration.ofDays(2));
        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(1, 1));
        assertThat(redis.executionStore().load("orders:failed")).isEmpty();
        assertThat(redis.executionStore().load("orders:waiting")).as("running: never removed").isPresent();
    }

    @Test
    void aCrashBetweenArchiveAndRemovalLosesNothingAndArchivesNothingTwice() {
        orchestrator.start("orders", "daily", PASS, Json.parse("{}"));
        String id = "orders:daily";
        clock.advance(Duration.ofHours(2));
        AtomicBoolean crash = new AtomicBoolean(true);
        ExecutionStore crashing = new CrashingRemoval(redis.executionStore(), crash);

        // the "crash": the archive is written, then the process dies before the removal
        assertThatThrownBy(() -> {
            for (String expired : crashing.expired(clock.instant(), 10)) {
                StoredExecution e = crashing.load(expired).orElseThrow();
                new ExecutionArchive(objects).write(new ArchivedExecution(e.summary(), e.version(), e.state(),
                        crashing.history(expired, 0, 100)));
                crashing.remove(expired, e.version(), clock.instant().plus(Duration.ofDays(90)));
            }
        }).hasMessageContaining("crash");
        assertThat(redis.executionStore().load(id)).as("nothing lost: still in Redis").isPresent();
        assertThat(redis.executionStore().expired(clock.instant(), 10)).as("and still due").containsExactly(id);
        byte[] first = objects.get("archive/executions/date=2026-11-29/pipeline=orders/daily.jsonl.gz").orElseThrow();

        crash.set(false);
        assertThat(reaper(crashing).reap(clock.instant(), 100)).as("archived already: removed only")
                .isEqualTo(new ExecutionReaper.Report(0, 1));

        assertThat(redis.executionStore().load(id)).isEmpty();
        assertThat(objects.list("archive/", null, 10)).hasSize(1);
        assertThat(objects.get("archive/executions/date=2026-11-29/pipeline=orders/daily.jsonl.gz")).hasValue(first);
    }

    @Test
    void aPassCostsWhatHasExpiredAndStopsAtItsLimit() {
        for (int i = 0; i < 7; i++) {
            orchestrator.start("orders", "run-" + i, PASS, Json.parse("{}"));
        }
        clock.advance(Duration.ofHours(2));

        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 5)).isEqualTo(new ExecutionReaper.Report(5, 5));
        assertThat(reaper(redis.executionStore()).reap(clock.instant(), 5)).isEqualTo(new ExecutionReaper.Report(2, 2));
        assertThat(redis.executionStore().list("orders", null, 100)).isEmpty();
        assertThat(objects.list("archive/", null, 100)).hasSize(7);
    }

    @Test
    void listsSpanTheStoreAndTheArchiveThroughTheStatusTable() {
        try (TestDatabase db = PostgresTestServer.shared().createDatabase("retention-listing")) {
            PostgresStatusStore status = new PostgresStatusStore(db.dataSource());
            ExecutionReaper indexing = new ExecutionReaper(redis.executionStore(), new ExecutionArchive(objects), retention, status);
            orchestrator.start("orders", "old-ok", PASS, Json.parse("{}"));
            clock.advance(Duration.ofMinutes(1));
            orchestrator.start("orders", "old-failed", FAILS, Json.parse("{}"));
            clock.advance(Duration.ofDays(15)); // past the failed run's redrive window too
            assertThat(indexing.reap(clock.instant(), 100)).isEqualTo(new ExecutionReaper.Report(2, 2));
            orchestrator.start("orders", "new-ok", PASS, Json.parse("{}"));
            orchestrator.start("returns", "held", PASS, Json.parse("{}"));
            ExecutionListings listings = new ExecutionListings(redis.executionStore(), status, () -> List.of("orders", "returns"));

            assertThat(listings.list("orders", null, 10)).extracting(ExecutionSummary::name)
                    .as("newest first: the held run, then the archived ones").containsExactly("new-ok", "old-failed", "old-ok");
            assertThat(listings.list("orders", "FAILED", 10)).extracting(ExecutionSummary::name).containsExactly("old-failed");
            assertThat(listings.list("orders", null, 2)).extracting(ExecutionSummary::name).containsExactly("new-ok", "old-failed");
            assertThat(listings.list(null, "SUCCEEDED", 10)).extracting(ExecutionSummary::name)
                    .containsExactlyInAnyOrder("new-ok", "held", "old-ok");
            assertThat(status.get("orders:old-ok")).as("the archived run's row, the index")
                    .hasValueSatisfying(r -> assertThat(r.state()).isEqualTo(RunState.SUCCEEDED));
            assertThat(new ExecutionListings(redis.executionStore(), null, List::of).list("orders", null, 10))
                    .as("without a status table: the store only").extracting(ExecutionSummary::name).containsExactly("new-ok");
        }
    }

    /** The real store, whose removal "crashes" (throws before removing) while {@code crash} is set. */
    private record CrashingRemoval(ExecutionStore store, AtomicBoolean crash) implements ExecutionStore {
        @Override
        public boolean remove(String executionId, long version, Instant nameReservedUntil) {
            if (crash.get()) {
                throw new IllegalStateException("crash before the removal");
            }
            return store.remove(executionId, version, nameReservedUntil);
        }

        @Override public Optional<StoredExecution> load(String id) { return store.load(id); }
        @Override public CommitResult commit(Commit c) { return store.commit(c); }
        @Override public boolean clearOutbox(String id, long v) { return store.clearOutbox(id, v); }
        @Override public List<String> pendingOutboxes(Instant before, int limit) { return store.pendingOutboxes(before, limit); }
        @Override public List<String> history(String id, int from, int limit) { return store.history(id, from, limit); }
        @Override public List<ExecutionSummary> list(String p, String s, io.sluice.orchestration.port.ExecutionCursor after, int limit) {
            return store.list(p, s, after, limit);
        }
        @Override public List<String> expired(Instant now, int limit) { return store.expired(now, limit); }
        @Override public Optional<ExecutionSummary> retired(String id) { return store.retired(id); }
    }
}
