package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.testkit.contract.ListingPages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.redisson.client.codec.StringCodec;

/**
 * {@link RedisExecutionStoreCases}' cases of how a sleeping execution's stub and listing entry lie in Redis (issue 37):
 * its pipeline's sleeping executions in small segments (lua/lib/sleeping.lua), a stub as fields of its bucket
 * (lua/lib/stubs.lua).
 */
final class RedisStubCases {
    private static final Instant T = Instant.parse("2026-11-29T00:00:00Z");
    private final RedisScope redis;
    private final ExecutionKeys keys;
    private final Supplier<RedisExecutionStore> stores;

    RedisStubCases(RedisScope redis, ExecutionKeys keys, Supplier<RedisExecutionStore> stores) {
        this.redis = redis;
        this.keys = keys;
        this.stores = stores;
    }

    private static ExecutionSummary running(String id, String pipeline, Instant start) {
        return new ExecutionSummary(id, pipeline, id, "RUNNING", "sha256:abc", start, null);
    }

    /** The encoding Redis keeps {@code key} in ({@code OBJECT ENCODING}). */
    static String encoding(RedisScope redis, String key) {
        return redis.client().getScript(StringCodec.INSTANCE).eval(key, org.redisson.api.RScript.Mode.READ_ONLY,
                "return redis.call('OBJECT', 'ENCODING', KEYS[1])", org.redisson.api.RScript.ReturnType.VALUE, List.of(key));
    }

    /**
     * A pipeline's sleeping executions are listed in segments of at most 128 (lib/sleeping.lua), which Redis keeps as
     * listpacks (issue 37: ~40 bytes an entry, ~110 in one large set): 1,000 stubs written out of start order, with runs
     * of one start time, stay in listpack segments whose ranges do not overlap, list in order under every filter while
     * they wake in another order (segments emptying and merging), and leave no key behind.
     */
    void sleepersListInSmallSegmentsThatSplitAndMergeAsTheySleepAndWake() {
        RedisExecutionStore store = stores.get();
                String pipeline = "seg";
        java.util.Random random = new java.util.Random(37);
        List<ExecutionSummary> all = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String id = pipeline + ":e" + i;
            // runs of one start (up to 40 of a millisecond), in a shuffled order of sleep below
            ExecutionSummary s = running(id, pipeline, T.plusMillis(i < 200 ? i / 40 : i));
            all.add(new ExecutionSummary(id, pipeline, id, "RUNNING", "sha256:abc", s.startTime(), null));
            store.commit(new Commit(all.getLast(), "s", List.of("h"), List.of(), 0, T));
        }
        List<ExecutionSummary> order = new java.util.ArrayList<>(all);
        java.util.Collections.shuffle(order, random);
        for (ExecutionSummary s : order) {
            assertThat(store.stub(s.executionId(), 1)).isTrue();
        }
        List<ExecutionSummary> listed = new java.util.ArrayList<>(all);
        listed.sort(io.sluice.orchestration.port.ExecutionCursor.ORDER);
        assertSegments(pipeline, listed, listed);
        for (ExecutionSummary s : order.subList(0, 900)) {
            assertThat(store.restore(s, 1, "s", List.of("h"))).isTrue();
            ExecutionSummary done = new ExecutionSummary(s.executionId(), pipeline, s.name(), "SUCCEEDED", "sha256:abc", s.startTime(),
                    T.plusSeconds(9));
            store.commit(new Commit(done, "s", List.of(), List.of(), 1, T));
        }
        List<ExecutionSummary> asleep = listed.stream().filter(s -> order.subList(900, 1000).contains(s)).toList();
        assertSegments(pipeline, asleep, listed);
        for (ExecutionSummary s : order.subList(900, 1000)) {
            assertThat(store.restore(s, 1, "s", List.of("h"))).isTrue();
        }
        assertThat(redis.keys()).as("every segment, the directory and its counter gone").noneMatch(k -> k.contains("idx:sleeping:"));
        assertThat(ListingPages.all(store, pipeline, "RUNNING", 97)).extracting(ExecutionSummary::executionId)
                .containsExactlyElementsOf(asleep.stream().map(ExecutionSummary::executionId).toList());
    }

    /**
     * The sleepers, {@code running} (in listing order), list by status RUNNING, and with {@code every} execution of the
     * pipeline without a status, from every page size; they are in listpack segments of disjoint ranges.
     */
    private void assertSegments(String pipeline, List<ExecutionSummary> running, List<ExecutionSummary> every) {
        ExecutionStore store = stores.get();
        List<String> ids = running.stream().map(ExecutionSummary::executionId).toList();
        List<String> everyId = every.stream().map(ExecutionSummary::executionId).toList();
        for (int size : new int[] {1, 64, 1000}) {
            if (size == 1 && ids.size() > 200) {
                continue; // pages of one over a thousand: slow, and the paths pages of 64 take
            }
            assertThat(ListingPages.all(store, pipeline, "RUNNING", size)).as("by pipeline and status, pages of %d", size)
                    .extracting(ExecutionSummary::executionId).containsExactlyElementsOf(ids);
            assertThat(ListingPages.all(store, null, "RUNNING", size)).as("by status, pages of %d", size)
                    .extracting(ExecutionSummary::executionId).filteredOn(ids::contains).containsExactlyElementsOf(ids);
            assertThat(ListingPages.all(store, pipeline, null, size)).as("by pipeline, pages of %d", size)
                    .extracting(ExecutionSummary::executionId).containsExactlyElementsOf(everyId);
            assertThat(ListingPages.all(store, null, null, size)).as("all, pages of %d", size)
                    .extracting(ExecutionSummary::executionId).filteredOn(everyId::contains).containsExactlyElementsOf(everyId);
        }
        int entries = 0;
        for (int shard = 0; shard < keys.shards().count(); shard++) {
            String directory = keys.sleepingIndex(shard, pipeline);
            var segments = redis.client().<String>getScoredSortedSet(directory, StringCodec.INSTANCE).entryRange(0, -1);
            double previousHighest = Double.NEGATIVE_INFINITY;
            for (var segment : segments) {
                String key = directory + "#" + segment.getValue();
                var set = redis.client().<String>getScoredSortedSet(key, StringCodec.INSTANCE);
                assertThat(set.size()).as("a segment holds 1 to 128").isBetween(1, 128);
                assertThat(RedisStubCases.encoding(redis, key)).isEqualTo("listpack");
                assertThat(set.firstScore()).as("no lower than its bound").isGreaterThanOrEqualTo(segment.getScore())
                        .as("above the one before").isGreaterThan(previousHighest);
                previousHighest = set.lastScore();
                entries += set.size();
            }
        }
        assertThat(entries).as("each sleeper in one segment").isEqualTo(ids.size());
    }

    /**
     * A stub that keeps nothing but its version, definition number and start (its id says its pipeline and name, no
     * claim, no partition) is a field of its shard's bucket, not a hash key of its own (lib/stubs.lua; issue 37: a key
     * costs ~90 bytes before its first field). It loads, lists, refuses a start of its name and a commit, and restores as
     * a hash stub does; a claim of one of its tasks finds it there instead of answering that the execution is gone, and
     * keeps its field beside it, where the task's short result then goes.
     */
    void aStubWithNothingElseToKeepIsAFieldOfItsBucket() {
        RedisExecutionStore store = stores.get();
                ExecutionSummary one = new ExecutionSummary("bk:one", "bk", "one", "RUNNING", "sha256:abc", T.plusMillis(7), null);
        ExecutionSummary two = new ExecutionSummary("bk:two", "bk", "two", "RUNNING", "sha256:abc", T.plusMillis(8), null);
        for (ExecutionSummary s : List.of(one, two)) {
            store.commit(new Commit(s, "{\"s\":1}", List.of("h"), List.of(), 0, T));
            assertThat(store.stub(s.executionId(), 1)).isTrue();
            assertThat(redis.client().getKeys().countExists(keys.hashKey(s.executionId()))).as("no hash of its own").isZero();
            String bucket = keys.stubBucket(s.executionId());
            assertThat(redis.client().<String, String>getMap(bucket, StringCodec.INSTANCE).get(s.executionId()))
                    .matches("1:[0-9]+:" + s.startTime().toEpochMilli());
            assertThat(RedisStubCases.encoding(redis, bucket)).isEqualTo("listpack");
            assertThat(store.stub(s.executionId(), 1)).as("a stub already").isFalse();
        }
        StoredExecution asleep = store.load("bk:one").orElseThrow();
        assertThat(asleep.stub()).isTrue();
        assertThat(asleep.version()).isEqualTo(1);
        assertThat(asleep.summary()).isEqualTo(one);
        assertThat(store.list("bk", "RUNNING", 10)).containsExactly(two, one);
        assertThat((stores.get()).list(null, null, 500)).as("another client, no filter").contains(one, two);
        assertThat(store.commit(new Commit(one, "{\"s\":9}", List.of(), List.of(), 0, T))).as("its name is taken")
                .isEqualTo(new CommitResult.Conflict(1));
        assertThat(store.commit(new Commit(one, "{\"s\":9}", List.of(), List.of(), 1, T))).as("restored before it changes")
                .isEqualTo(new CommitResult.Conflict(1));

        RedisIdempotencyStore claims = new RedisIdempotencyStore(redis.client(), redis.prefix());
        String task = IdempotencyStore.taskKey("bk:two.0.1.1." + "0123456789abcdef".repeat(2));
        assertThat(claims.claim(task, "worker-1", T, Duration.ofMinutes(1))).as("found asleep, not gone").isInstanceOf(ClaimResult.Claimed.class);
        assertThat(redis.client().getKeys().countExists(keys.hashKey("bk:two"))).as("still no hash of its own").isZero();
        assertThat(redis.client().<String, String>getMap(keys.stubBucket("bk:two"), StringCodec.INSTANCE).get("bk:two|c.0.1.1."
                + "0123456789abcdef".repeat(2))).as("the claim's field beside it").isEqualTo("1");
        assertThat(claims.complete(task, "worker-1", "{\"ok\":1}", T, Duration.ofDays(7))).isTrue();
        assertThat(redis.client().<String, String>getMap(keys.stubBucket("bk:two"), StringCodec.INSTANCE).get("bk:two|c.0.1.1."
                + "0123456789abcdef".repeat(2))).as("its short result there, its key gone").isEqualTo("r{\"ok\":1}");
        assertThat(redis.client().getKeys().countExists(claims.tokenKey(task))).isZero();
        assertThat(claims.claim(task, "worker-2", T, Duration.ofMinutes(1))).isEqualTo(new ClaimResult.Completed("{\"ok\":1}"));
        assertThat(store.load("bk:two").orElseThrow().summary()).isEqualTo(two);

        for (ExecutionSummary s : List.of(one, two)) {
            assertThat(store.restore(s, 1, "{\"s\":1}", List.of("h"))).isTrue();
            assertThat(store.restore(s, 1, "{\"s\":1}", List.of("h"))).as("the second waker finds no stub").isFalse();
            StoredExecution awake = store.load(s.executionId()).orElseThrow();
            assertThat(awake.stub()).isFalse();
            assertThat(awake.summary()).isEqualTo(s);
            assertThat(store.history(s.executionId(), 0, 10)).containsExactly("h");
            assertThat(store.commit(new Commit(s, "{\"s\":2}", List.of("h2"), List.of(), 1, T))).isEqualTo(new CommitResult.Committed(2));
        }
        assertThat(redis.client().<String, String>getMap(keys.stubBucket("bk:one"), StringCodec.INSTANCE).get("bk:one")).isNull();
        assertThat(store.list("bk", "RUNNING", 10)).containsExactly(two, one);
    }

    /**
     * A callback task's stub keeps its claim's field (a short result: the task's worker is done with it) in its bucket
     * too, as {@code <id>|c.<rest>}: a redelivery of the task's message is answered from there while it sleeps; a claim
     * whose field would be too long for the bucket's compact entries puts the stub and its claims back in a hash of their
     * own, and so does the restore.
     */
    void aBucketedStubKeepsItsTasksClaimFieldsBesideIt() {
        RedisExecutionStore store = stores.get();
        RedisIdempotencyStore claims = new RedisIdempotencyStore(redis.client(), redis.prefix());
                Duration lease = Duration.ofMinutes(1);
        String rest = ".0.1.1." + "0123456789abcdef".repeat(2);
        for (String id : List.of("cb:one", "cb:two")) {
            store.commit(new Commit(new ExecutionSummary(id, "cb", id.substring(3), "RUNNING", "sha256:abc", T, null), "{\"s\":1}",
                    List.of("h"), List.of(), 0, T));
            String task = IdempotencyStore.taskKey(id + rest);
            assertThat(claims.claim(task, "worker-1", T, lease)).isInstanceOf(ClaimResult.Claimed.class);
            assertThat(claims.complete(task, "worker-1", "{\"callback\":true}", T, Duration.ofDays(7))).isTrue();
            assertThat(store.stub(id, 1)).isTrue();
            assertThat(redis.client().getKeys().countExists(keys.hashKey(id))).as("no hash of its own").isZero();
            assertThat(redis.client().<String, String>getMap(keys.stubBucket(id), StringCodec.INSTANCE).get(id + "|c" + rest))
                    .isEqualTo("r{\"callback\":true}");
            assertThat(claims.claim(task, "worker-2", T.plusSeconds(1), lease)).as("a redelivery, asleep")
                    .isEqualTo(new ClaimResult.Completed("{\"callback\":true}"));
            assertThat(redis.client().getKeys().countExists(keys.hashKey(id))).as("answered from the bucket").isZero();
        }
        String longRest = ".123456789012345678901.2.1." + "fedcba9876543210".repeat(2); // too long to stay beside it
        assertThat(claims.claim(IdempotencyStore.taskKey("cb:one" + longRest), "worker-1", T, lease)).isInstanceOf(ClaimResult.Claimed.class);
        assertThat(redis.client().getMap(keys.hashKey("cb:one"), StringCodec.INSTANCE).readAllMap()).as("back in a hash, its claims too")
                .containsEntry("c" + rest, "r{\"callback\":true}").containsEntry("c" + longRest, "1").containsEntry("version", "1");
        assertThat(redis.client().<String, String>getMap(keys.stubBucket("cb:one"), StringCodec.INSTANCE).readAllMap().keySet())
                .noneMatch(k -> k.startsWith("cb:one"));
        assertThat(store.load("cb:one").orElseThrow().stub()).isTrue();
        ExecutionSummary two = store.load("cb:two").orElseThrow().summary();
        assertThat(store.restore(two, 1, "{\"s\":1}", List.of("h"))).isTrue();
        assertThat(redis.client().getMap(keys.hashKey("cb:two"), StringCodec.INSTANCE).readAllMap()).as("restored with its claim")
                .containsEntry("c" + rest, "r{\"callback\":true}");
        assertThat(redis.client().<String, String>getMap(keys.stubBucket("cb:two"), StringCodec.INSTANCE).readAllMap().keySet())
                .noneMatch(k -> k.startsWith("cb:two"));
        assertThat(claims.claim(IdempotencyStore.taskKey("cb:two" + rest), "worker-3", T.plusSeconds(2), lease)).as("awake")
                .isEqualTo(new ClaimResult.Completed("{\"callback\":true}"));
    }
}
