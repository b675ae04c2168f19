package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.testkit.contract.ExecutionStoreContract;
import io.sluice.testkit.contract.ListingPages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.redisson.client.codec.StringCodec;

/**
 * The ExecutionStore contract and the Redis store's own cases, on whichever server {@link #redis()} gives: a single
 * node ({@link RedisExecutionStoreTest}) or the loopback Redis Cluster ({@link RedisExecutionStoreClusterTest}).
 */
abstract class RedisExecutionStoreCases extends ExecutionStoreContract {
    private static final Instant T = Instant.parse("2026-11-29T00:00:00Z");

    abstract RedisScope redis();

    @Override
    protected ExecutionStore createStore() {
        return new RedisExecutionStore(redis().client(), redis().prefix());
    }

    /** The store's key names on this server (one node's, or the shards' on Cluster). */
    private ExecutionKeys keys() {
        KeyPrefix prefix = new KeyPrefix(redis().prefix());
        return new ExecutionKeys(prefix, Shards.of(redis().client(), prefix));
    }

    private static ExecutionSummary running(String id, String pipeline, Instant start) {
        return new ExecutionSummary(id, pipeline, id, "RUNNING", "sha256:abc", start, null);
    }

    @Test
    void aNameIsFreeAgainWhenItsReservationHasPassed() {
        ExecutionStore store = createStore();
        String id = "p:reused";
        ExecutionSummary running = new ExecutionSummary(id, "p", "reused", "RUNNING", "sha256:abc", T, null);
        ExecutionSummary done = new ExecutionSummary(id, "p", "reused", "SUCCEEDED", "sha256:abc", T, T.plusSeconds(1));
        store.commit(new Commit(running, "s", List.of(), List.of(), 0, T));
        store.commit(new Commit(done, "s", List.of(), List.of(), 1, T, T.plusSeconds(2)));

        assertThat(store.remove(id, 2, Instant.now().minusSeconds(1))).isTrue();

        assertThat(store.retired(id)).as("the record expired with the reservation").isEmpty();
        assertThat(store.commit(new Commit(running, "again", List.of(), List.of(), 0, T))).isEqualTo(new CommitResult.Committed(1));
        assertThat(redis().keys()).as("nothing of the removed execution is left but what the new one wrote")
                .noneMatch(k -> k.contains("retired")).noneMatch(k -> k.endsWith(":expiry"));
    }

    /**
     * A sleeping execution's stub keeps only what a load and a listing read: a hash small enough for Redis's compact
     * encoding (a listpack, entries of at most 64 bytes) whatever the key prefix, and no deduplication marks (issue 37:
     * the bytes of a waiting execution). Before, the index-set names (the prefix, the pipeline and the status in one
     * value) and the definition hash ({@code sha256:} and 64 digits) made the hash a hashtable of about a kilobyte. (Its id,
     * 81 characters, is too long for a bucket's compact entries, so the stub keeps a hash of its own: lib/stubs.lua.)
     */
    @Test
    void aStubIsACompactHashWithoutItsSentMarks() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        ExecutionKeys keys = keys();
        String pipeline = "a-pipeline-name-of-forty-characters-long";
        String name = "n".repeat(40);
        String id = pipeline + ":" + name;
        ExecutionSummary running = new ExecutionSummary(id, pipeline, name, "RUNNING", "sha256:" + "0123456789abcdef".repeat(4), T, null);
        store.commit(new Commit(running, "{\"s\":1}", List.of("h"), List.of(), 0, T));
        redis().client().getMap(keys.sentKey(id), StringCodec.INSTANCE).put("q/m1", "9999999999999");
        String claim = "c.0.1.1." + "0123456789abcdef".repeat(2); // a task's claim (lib/claim.lua): the removal needs it
        redis().client().getMap(keys.hashKey(id), StringCodec.INSTANCE).put(claim, "1");
        assertThat(encoding(keys.hashKey(id))).as("awake, with the index-set names").isEqualTo("hashtable");

        assertThat(store.stub(id, 1)).isTrue();

        assertThat(encoding(keys.hashKey(id))).isEqualTo("listpack");
        assertThat(redis().client().getMap(keys.hashKey(id), StringCodec.INSTANCE).readAllMap())
                .as("its summary short: pipeline and name in its id, running, start in ms, the digest shorter")
                .containsOnlyKeys("state", "version", "status", "D", "s", claim)
                .containsEntry("s", Long.toString(T.toEpochMilli())).containsEntry(claim, "1");
        assertThat(redis().client().getKeys().countExists(keys.sentKey(id))).isZero();
        assertThat(store.list(pipeline, "RUNNING", 10)).as("listed as it was").containsExactly(running);
        assertThat(store.list(pipeline, null, 10)).containsExactly(running);
        assertThat(listedIn(keys, id, pipeline)).as("asleep: in none of the four").containsExactly(false, false, false, false);
        String directory = keys.sleepingIndex(keys.shardOf(id), pipeline);
        String segment = redis().client().<String>getScoredSortedSet(directory, StringCodec.INSTANCE).first();
        assertThat(redis().client().getScoredSortedSet(directory + "#" + segment, StringCodec.INSTANCE).getScore(id))
                .as("among its pipeline's sleeping executions, by its start").isEqualTo((double) T.toEpochMilli());
        assertThat(store.list(null, "RUNNING", 10)).as("found through its pipeline's").containsExactly(running);
        assertThat(store.list(null, null, 10)).containsExactly(running);
        assertThat(store.list(null, "SUCCEEDED", 10)).isEmpty();
        String sleeping = keys.sleepingPipelines(keys.shardOf(id));
        assertThat(redis().client().<String, String>getMap(sleeping, StringCodec.INSTANCE).readAllMap()).containsExactly(java.util.Map.entry(pipeline, "1"));
        assertThat(store.load(id).orElseThrow().summary()).isEqualTo(running);
        assertThat(store.restore(running, 1, "{\"s\":1}", List.of("h"))).isTrue();
        assertThat(redis().client().getMap(keys.hashKey(id), StringCodec.INSTANCE).get("definitionHash")).isEqualTo(running.definitionHash());
        assertThat(listedIn(keys, id, pipeline)).as("awake: in all four again").containsExactly(true, true, true, true);
        assertThat(redis().client().getKeys().countExists(sleeping)).as("no pipeline with sleeping executions left").isZero();
        assertThat(redis().keys()).as("nor their directory, segments or counter").noneMatch(k -> k.contains("idx:sleeping:"));
    }

    /**
     * A pipeline's sleeping executions are listed in segments of at most 128 (lib/sleeping.lua), which Redis keeps as
     * listpacks (issue 37: ~40 bytes an entry, ~110 in one large set): 1,000 stubs written out of start order, with runs
     * of one start time, stay in listpack segments whose ranges do not overlap, list in order under every filter while
     * they wake in another order (segments emptying and merging), and leave no key behind.
     */
    @Test
    void sleepersListInSmallSegmentsThatSplitAndMergeAsTheySleepAndWake() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        ExecutionKeys keys = keys();
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
        assertSegments(keys, pipeline, listed, listed);
        for (ExecutionSummary s : order.subList(0, 900)) {
            assertThat(store.restore(s, 1, "s", List.of("h"))).isTrue();
            ExecutionSummary done = new ExecutionSummary(s.executionId(), pipeline, s.name(), "SUCCEEDED", "sha256:abc", s.startTime(),
                    T.plusSeconds(9));
            store.commit(new Commit(done, "s", List.of(), List.of(), 1, T));
        }
        List<ExecutionSummary> asleep = listed.stream().filter(s -> order.subList(900, 1000).contains(s)).toList();
        assertSegments(keys, pipeline, asleep, listed);
        for (ExecutionSummary s : order.subList(900, 1000)) {
            assertThat(store.restore(s, 1, "s", List.of("h"))).isTrue();
        }
        assertThat(redis().keys()).as("every segment, the directory and its counter gone").noneMatch(k -> k.contains("idx:sleeping:"));
        assertThat(ListingPages.all(store, pipeline, "RUNNING", 97)).extracting(ExecutionSummary::executionId)
                .containsExactlyElementsOf(asleep.stream().map(ExecutionSummary::executionId).toList());
    }

    /**
     * The sleepers, {@code running} (in listing order), list by status RUNNING, and with {@code every} execution of the
     * pipeline without a status, from every page size; they are in listpack segments of disjoint ranges.
     */
    private void assertSegments(ExecutionKeys keys, String pipeline, List<ExecutionSummary> running, List<ExecutionSummary> every) {
        ExecutionStore store = createStore();
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
            var segments = redis().client().<String>getScoredSortedSet(directory, StringCodec.INSTANCE).entryRange(0, -1);
            double previousHighest = Double.NEGATIVE_INFINITY;
            for (var segment : segments) {
                String key = directory + "#" + segment.getValue();
                var set = redis().client().<String>getScoredSortedSet(key, StringCodec.INSTANCE);
                assertThat(set.size()).as("a segment holds 1 to 128").isBetween(1, 128);
                assertThat(encoding(key)).isEqualTo("listpack");
                assertThat(set.firstScore()).as("no lower than its bound").isGreaterThanOrEqualTo(segment.getScore())
                        .as("above the one before").isGreaterThan(previousHighest);
                previousHighest = set.lastScore();
                entries += set.size();
            }
        }
        assertThat(entries).as("each sleeper in one segment").isEqualTo(ids.size());
    }

    /**
     * A stub shortens only what it can write out again exactly (execution-stub.lua): a start time with finer digits than
     * milliseconds and an id that is not {@code <pipeline>:<name>} stay as the commit wrote them; a start time to the
     * millisecond goes to epoch ms, and any definition hash to its number in the shard, one number a hash. Each loads,
     * lists (by this client and one that has not read the numbers yet) and restores as it was committed.
     */
    @Test
    void aStubShortensOnlyWhatItCanWriteOutAgain() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        String digits = "fedcba9876543210".repeat(4);
        List<ExecutionSummary> cases = List.of(
                new ExecutionSummary("p:micros", "p", "micros", "RUNNING", "sha256:" + digits, T.plusNanos(123_456_000), null),
                new ExecutionSummary("p:millis", "p", "millis", "RUNNING", "sha256:" + digits, T.plusMillis(120), null, "2026-11-28"),
                new ExecutionSummary("p:named-otherwise", "p", "other", "RUNNING", "sha256:" + digits.toUpperCase(), T, null),
                new ExecutionSummary("p:q:r", "p:q", "r", "RUNNING", "md5:abc", Instant.parse("1969-07-20T20:17:40.001Z"), null));
        for (ExecutionSummary running : cases) {
            store.commit(new Commit(running, "{\"s\":1}", List.of("h"), List.of(), 0, T));
            assertThat(store.stub(running.executionId(), 1)).isTrue();
        }
        java.util.function.Function<String, java.util.Set<String>> fields =
                id -> redis().client().<String, String>getMap(keys().hashKey(id), StringCodec.INSTANCE).readAllMap().keySet();
        assertThat(fields.apply("p:micros")).contains("startTime", "D").doesNotContain("s", "pipeline", "name", "stopTime", "definitionHash");
        assertThat(fields.apply("p:millis")).contains("s", "D", "partition").doesNotContain("startTime", "definitionHash");
        assertThat(fields.apply("p:named-otherwise")).contains("pipeline", "name", "D", "s").doesNotContain("definitionHash");
        assertThat(fields.apply("p:q:r")).contains("pipeline", "name", "D", "s").doesNotContain("definitionHash");
        for (ExecutionSummary running : cases) {
            String id = running.executionId();
            var numbers = redis().client().<String, String>getMap(keys().definitionNumbers(keys().shardOf(id)), StringCodec.INSTANCE);
            String number = redis().client().<String, String>getMap(keys().hashKey(id), StringCodec.INSTANCE).get("D");
            assertThat(numbers.get(number)).as("the shard's number of its definition hash").isEqualTo(running.definitionHash());
            assertThat(numbers.get("=" + running.definitionHash())).as("one number a hash").isEqualTo(number);
        }
        RedisExecutionStore another = (RedisExecutionStore) createStore(); // a client of its own
        for (ExecutionSummary running : cases) {
            assertThat(store.load(running.executionId()).orElseThrow().summary()).as("asleep").isEqualTo(running);
            assertThat(store.list(running.pipeline(), "RUNNING", 10)).as("listed asleep").contains(running);
            assertThat(another.list(running.pipeline(), null, 10)).as("listed asleep by another client").contains(running);
            assertThat(store.restore(running, 1, "{\"s\":1}", List.of("h"))).isTrue();
            assertThat(store.load(running.executionId()).orElseThrow().summary()).as("awake").isEqualTo(running);
            assertThat(store.list(running.pipeline(), null, 10)).as("listed awake").contains(running);
        }
    }

    /**
     * A stub that keeps nothing but its version, definition number and start (its id says its pipeline and name, no
     * claim, no partition) is a field of its shard's bucket, not a hash key of its own (lib/stubs.lua; issue 37: a key
     * costs ~90 bytes before its first field). It loads, lists, refuses a start of its name and a commit, and restores as
     * a hash stub does; a claim of one of its tasks finds it there instead of answering that the execution is gone, and
     * keeps its field beside it, where the task's short result then goes.
     */
    @Test
    void aStubWithNothingElseToKeepIsAFieldOfItsBucket() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        ExecutionKeys keys = keys();
        ExecutionSummary one = new ExecutionSummary("bk:one", "bk", "one", "RUNNING", "sha256:abc", T.plusMillis(7), null);
        ExecutionSummary two = new ExecutionSummary("bk:two", "bk", "two", "RUNNING", "sha256:abc", T.plusMillis(8), null);
        for (ExecutionSummary s : List.of(one, two)) {
            store.commit(new Commit(s, "{\"s\":1}", List.of("h"), List.of(), 0, T));
            assertThat(store.stub(s.executionId(), 1)).isTrue();
            assertThat(redis().client().getKeys().countExists(keys.hashKey(s.executionId()))).as("no hash of its own").isZero();
            String bucket = keys.stubBucket(s.executionId());
            assertThat(redis().client().<String, String>getMap(bucket, StringCodec.INSTANCE).get(s.executionId()))
                    .matches("1:[0-9]+:" + s.startTime().toEpochMilli());
            assertThat(encoding(bucket)).isEqualTo("listpack");
            assertThat(store.stub(s.executionId(), 1)).as("a stub already").isFalse();
        }
        StoredExecution asleep = store.load("bk:one").orElseThrow();
        assertThat(asleep.stub()).isTrue();
        assertThat(asleep.version()).isEqualTo(1);
        assertThat(asleep.summary()).isEqualTo(one);
        assertThat(store.list("bk", "RUNNING", 10)).containsExactly(two, one);
        assertThat(((RedisExecutionStore) createStore()).list(null, null, 500)).as("another client, no filter").contains(one, two);
        assertThat(store.commit(new Commit(one, "{\"s\":9}", List.of(), List.of(), 0, T))).as("its name is taken")
                .isEqualTo(new CommitResult.Conflict(1));
        assertThat(store.commit(new Commit(one, "{\"s\":9}", List.of(), List.of(), 1, T))).as("restored before it changes")
                .isEqualTo(new CommitResult.Conflict(1));

        RedisIdempotencyStore claims = new RedisIdempotencyStore(redis().client(), redis().prefix());
        String task = IdempotencyStore.taskKey("bk:two.0.1.1." + "0123456789abcdef".repeat(2));
        assertThat(claims.claim(task, "worker-1", T, Duration.ofMinutes(1))).as("found asleep, not gone").isInstanceOf(ClaimResult.Claimed.class);
        assertThat(redis().client().getKeys().countExists(keys.hashKey("bk:two"))).as("still no hash of its own").isZero();
        assertThat(redis().client().<String, String>getMap(keys.stubBucket("bk:two"), StringCodec.INSTANCE).get("bk:two|c.0.1.1."
                + "0123456789abcdef".repeat(2))).as("the claim's field beside it").isEqualTo("1");
        assertThat(claims.complete(task, "worker-1", "{\"ok\":1}", T, Duration.ofDays(7))).isTrue();
        assertThat(redis().client().<String, String>getMap(keys.stubBucket("bk:two"), StringCodec.INSTANCE).get("bk:two|c.0.1.1."
                + "0123456789abcdef".repeat(2))).as("its short result there, its key gone").isEqualTo("r{\"ok\":1}");
        assertThat(redis().client().getKeys().countExists(claims.tokenKey(task))).isZero();
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
        assertThat(redis().client().<String, String>getMap(keys.stubBucket("bk:one"), StringCodec.INSTANCE).get("bk:one")).isNull();
        assertThat(store.list("bk", "RUNNING", 10)).containsExactly(two, one);
    }

    /**
     * A callback task's stub keeps its claim's field (a short result: the task's worker is done with it) in its bucket
     * too, as {@code <id>|c.<rest>}: a redelivery of the task's message is answered from there while it sleeps; a claim
     * whose field would be too long for the bucket's compact entries puts the stub and its claims back in a hash of their
     * own, and so does the restore.
     */
    @Test
    void aBucketedStubKeepsItsTasksClaimFieldsBesideIt() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        RedisIdempotencyStore claims = new RedisIdempotencyStore(redis().client(), redis().prefix());
        ExecutionKeys keys = keys();
        Duration lease = Duration.ofMinutes(1);
        String rest = ".0.1.1." + "0123456789abcdef".repeat(2);
        for (String id : List.of("cb:one", "cb:two")) {
            store.commit(new Commit(new ExecutionSummary(id, "cb", id.substring(3), "RUNNING", "sha256:abc", T, null), "{\"s\":1}",
                    List.of("h"), List.of(), 0, T));
            String task = IdempotencyStore.taskKey(id + rest);
            assertThat(claims.claim(task, "worker-1", T, lease)).isInstanceOf(ClaimResult.Claimed.class);
            assertThat(claims.complete(task, "worker-1", "{\"callback\":true}", T, Duration.ofDays(7))).isTrue();
            assertThat(store.stub(id, 1)).isTrue();
            assertThat(redis().client().getKeys().countExists(keys.hashKey(id))).as("no hash of its own").isZero();
            assertThat(redis().client().<String, String>getMap(keys.stubBucket(id), StringCodec.INSTANCE).get(id + "|c" + rest))
                    .isEqualTo("r{\"callback\":true}");
            assertThat(claims.claim(task, "worker-2", T.plusSeconds(1), lease)).as("a redelivery, asleep")
                    .isEqualTo(new ClaimResult.Completed("{\"callback\":true}"));
            assertThat(redis().client().getKeys().countExists(keys.hashKey(id))).as("answered from the bucket").isZero();
        }
        String longRest = ".123456789012345678901.2.1." + "fedcba9876543210".repeat(2); // too long to stay beside it
        assertThat(claims.claim(IdempotencyStore.taskKey("cb:one" + longRest), "worker-1", T, lease)).isInstanceOf(ClaimResult.Claimed.class);
        assertThat(redis().client().getMap(keys.hashKey("cb:one"), StringCodec.INSTANCE).readAllMap()).as("back in a hash, its claims too")
                .containsEntry("c" + rest, "r{\"callback\":true}").containsEntry("c" + longRest, "1").containsEntry("version", "1");
        assertThat(redis().client().<String, String>getMap(keys.stubBucket("cb:one"), StringCodec.INSTANCE).readAllMap().keySet())
                .noneMatch(k -> k.startsWith("cb:one"));
        assertThat(store.load("cb:one").orElseThrow().stub()).isTrue();
        ExecutionSummary two = store.load("cb:two").orElseThrow().summary();
        assertThat(store.restore(two, 1, "{\"s\":1}", List.of("h"))).isTrue();
        assertThat(redis().client().getMap(keys.hashKey("cb:two"), StringCodec.INSTANCE).readAllMap()).as("restored with its claim")
                .containsEntry("c" + rest, "r{\"callback\":true}");
        assertThat(redis().client().<String, String>getMap(keys.stubBucket("cb:two"), StringCodec.INSTANCE).readAllMap().keySet())
                .noneMatch(k -> k.startsWith("cb:two"));
        assertThat(claims.claim(IdempotencyStore.taskKey("cb:two" + rest), "worker-3", T.plusSeconds(2), lease)).as("awake")
                .isEqualTo(new ClaimResult.Completed("{\"callback\":true}"));
    }

    /**
     * A task's short result (a callback task's, done with once the token went out) is kept in its claim's field of the
     * execution's hash, not a key of its own (~250 bytes of a waiting execution); so is a claim completed along with a
     * send (its key's owner guards the send, RedisCoupledWrites) once a stub takes it in. The field answers a redelivery,
     * asleep and awake, until the execution leaves; an unfinished claim keeps its key.
     */
    @Test
    void shortResultsOfItsTasksAreKeptInTheExecutionsHash() {
        RedisExecutionStore store = (RedisExecutionStore) createStore();
        RedisIdempotencyStore claims = new RedisIdempotencyStore(redis().client(), redis().prefix());
        String id = "p:calls-back";
        ExecutionSummary running = running(id, "p", T);
        store.commit(new Commit(running, "{\"s\":1}", List.of("h"), List.of(), 0, T));
        String done = IdempotencyStore.taskKey(id + ".0.1.1." + "0123456789abcdef".repeat(2));
        String sent = IdempotencyStore.taskKey(id + ".0.2.1." + "0123456789abcdef".repeat(2));
        String busy = IdempotencyStore.taskKey(id + ".0.3.1." + "fedcba9876543210".repeat(2));
        Duration lease = Duration.ofMinutes(1);
        for (String task : List.of(done, sent, busy)) {
            assertThat(claims.claim(task, "worker-1", T, lease)).isInstanceOf(ClaimResult.Claimed.class);
        }
        assertThat(claims.complete(done, "worker-1", "{\"callback\":true}", T, Duration.ofDays(7))).isTrue();
        assertThat(redis().client().getKeys().countExists(claims.tokenKey(done))).as("a short result's key").isZero();
        redis().client().getMap(claims.tokenKey(sent), StringCodec.INSTANCE).put("result", "{\"n\":1}"); // as a coupled completion leaves it

        assertThat(store.stub(id, 1)).isTrue();

        assertThat(redis().client().getKeys().countExists(claims.tokenKey(sent))).as("taken in by the stub").isZero();
        assertThat(redis().client().getKeys().countExists(claims.tokenKey(busy))).as("the unfinished claim's key").isOne();
        assertThat(encoding(keys().hashKey(id))).isEqualTo("listpack");
        ClaimResult.Completed answer = new ClaimResult.Completed("{\"callback\":true}");
        assertThat(claims.claim(done, "worker-3", T.plusSeconds(1), lease)).as("a redelivery, asleep").isEqualTo(answer);
        assertThat(claims.claim(sent, "worker-3", T.plusSeconds(1), lease)).isEqualTo(new ClaimResult.Completed("{\"n\":1}"));
        assertThat(claims.claim(busy, "worker-3", T.plusSeconds(1), lease)).isInstanceOf(ClaimResult.Busy.class);
        assertThat(claims.read(done)).get().extracting(IdempotencyStore.IdempotencyRecord::result).isEqualTo("{\"callback\":true}");
        assertThat(claims.complete(done, "worker-1", "{\"again\":1}", T.plusSeconds(1), Duration.ofDays(7))).isFalse();
        assertThat(store.restore(running, 1, "{\"s\":1}", List.of("h"))).isTrue();
        assertThat(claims.claim(done, "worker-3", T.plusSeconds(2), lease)).as("awake again").isEqualTo(answer);
        assertThat(store.stub(id, 1)).as("asleep again").isTrue();
        assertThat(claims.claim(done, "worker-3", T.plusSeconds(3), lease)).isEqualTo(answer);
        assertThat(store.restore(running, 1, "{\"s\":1}", List.of("h"))).isTrue();
        ExecutionSummary finished = new ExecutionSummary(id, "p", id, "SUCCEEDED", "sha256:abc", T, T.plusSeconds(4));
        store.commit(new Commit(finished, "s", List.of(), List.of(), 1, T.plusSeconds(4)));
        assertThat(store.remove(id, 2, T.plusSeconds(5))).isTrue();
        assertThat(claims.claim(done, "worker-3", T.plusSeconds(6), lease)).as("left with it").isInstanceOf(ClaimResult.Gone.class);
        assertThat(redis().client().getKeys().countExists(claims.tokenKey(busy))).isZero();
    }

    /** Whether the execution (started at T) is in its shard's all, pipeline, status and pipeline + status sets. */
    private List<Boolean> listedIn(ExecutionKeys keys, String id, String pipeline) {
        int shard = keys.shardOf(id);
        return java.util.stream.Stream.of(keys.allIndex(shard), keys.pipelineIndex(shard, pipeline), keys.statusIndex(shard, "RUNNING"),
                        keys.pipelineStatusIndex(shard, pipeline, "RUNNING"))
                .map(set -> redis().client().getScoredSortedSet(set, StringCodec.INSTANCE).getScore(id))
                .map(score -> score != null && score == T.toEpochMilli()).toList();
    }

    private String encoding(String key) {
        return redis().client().getScript(StringCodec.INSTANCE).eval(key, org.redisson.api.RScript.Mode.READ_ONLY,
                "return redis.call('OBJECT', 'ENCODING', KEYS[1])", org.redisson.api.RScript.ReturnType.VALUE, List.of(key));
    }

    /** What a writer that died between its index adds and its commit, or after a commit before its removals, leaves behind. */
    @Test
    void leftoversOfAnInterruptedWriterAreNeverReturnedAndTheSweepsDropThem() {
        ExecutionStore store = createStore();
        ExecutionKeys keys = keys();
        String id = "p:live";
        int shard = keys.shardOf(id);
        store.commit(new Commit(running(id, "p", T), "s", List.of(), List.of(), 0, T));
        var client = redis().client();
        client.getScoredSortedSet(keys.statusIndex(shard, "SUCCEEDED"), StringCodec.INSTANCE).add(T.toEpochMilli(), id);
        client.getScoredSortedSet(keys.pendingKey(shard), StringCodec.INSTANCE).add(T.toEpochMilli(), id);
        client.getScoredSortedSet(keys.expiryKey(shard), StringCodec.INSTANCE).add(T.plusSeconds(5).toEpochMilli(), id);
        client.getScoredSortedSet(keys.expiryKey(keys.shardOf("p:gone")), StringCodec.INSTANCE).add(T.plusSeconds(5).toEpochMilli(), "p:gone");

        assertThat(store.list("p", "SUCCEEDED", 10)).isEmpty();
        assertThat(store.list(null, "SUCCEEDED", 10)).isEmpty();
        assertThat(store.pendingOutboxes(T.plusSeconds(60), 10)).isEmpty();
        assertThat(store.expired(T.plusSeconds(60), 10)).isEmpty();
        assertThat(client.getScoredSortedSet(keys.pendingKey(shard), StringCodec.INSTANCE).contains(id))
                .as("an entry whose outbox is empty is dropped").isFalse();
        assertThat(client.getScoredSortedSet(keys.expiryKey(shard), StringCodec.INSTANCE).size()
                + client.getScoredSortedSet(keys.expiryKey(keys.shardOf("p:gone")), StringCodec.INSTANCE).size())
                .as("entries of a running and of a gone execution are dropped").isZero();
    }

    @Test
    void aPageIsFilledPastStaleEntries() {
        ExecutionStore store = createStore();
        ExecutionKeys keys = keys();
        for (int i = 0; i < 3; i++) {
            store.commit(new Commit(running("p:real-" + i, "p", T.plusSeconds(i)), "s", List.of(), List.of(), 0, T));
        }
        for (int i = 0; i < 40; i++) { // newer than every real one, so they come first
            String stale = "p:never-committed-" + i;
            redis().client().getScoredSortedSet(keys.pipelineIndex(keys.shardOf(stale), "p"), StringCodec.INSTANCE)
                    .add(T.plusSeconds(100 + i).toEpochMilli(), stale);
        }

        assertThat(store.list("p", null, 2)).extracting(ExecutionSummary::executionId).containsExactly("p:real-2", "p:real-1");
        assertThat(store.list("p", null, 10)).extracting(ExecutionSummary::executionId)
                .containsExactly("p:real-2", "p:real-1", "p:real-0");
    }

    @Test
    void manyCommitsOfManyExecutionsListAndSweepExactly() {
        ExecutionStore store = createStore();
        for (int i = 0; i < 30; i++) {
            String id = "p:e-" + i;
            store.commit(new Commit(running(id, "p", T.plusSeconds(i)), "s", List.of("started"), List.of("cmd-" + i), 0, T));
            if (i % 2 == 0) {
                store.commit(new Commit(new ExecutionSummary(id, "p", id, "SUCCEEDED", "sha256:abc", T.plusSeconds(i),
                        T.plusSeconds(i + 1)), "done", List.of("succeeded"), List.of(), 1, T.plusSeconds(1), T.plusSeconds(10)));
            }
        }
        assertThat(store.list("p", null, 100)).hasSize(30);
        assertThat(store.list("p", "SUCCEEDED", 100)).hasSize(15);
        assertThat(store.list(null, "RUNNING", 100)).hasSize(15);
        assertThat(store.pendingOutboxes(T.plusSeconds(60), 100)).hasSize(15).allMatch(id -> Integer.parseInt(id.substring(4)) % 2 == 1);
        assertThat(store.expired(T.plusSeconds(60), 100)).hasSize(15);
        assertThat(store.history("p:e-0", 0, 10)).containsExactly("started", "succeeded");
    }

    /**
     * Writers racing on one execution, each moving it to another status (and most conflicting): whatever order their
     * index steps run in, the execution ends in the sets of its final status, and no reader sees it anywhere else.
     */
    @Test
    void racingStatusMovesLeaveTheExecutionIndexedUnderItsFinalStatus() throws Exception {
        ExecutionStore store = createStore();
        String id = "p:raced";
        List<String> statuses = List.of("RUNNING", "FAILED", "TIMED_OUT", "ABORTED");
        store.commit(new Commit(running(id, "p", T), "s", List.of(), List.of(), 0, T));
        java.util.concurrent.atomic.AtomicInteger committed = new java.util.concurrent.atomic.AtomicInteger();
        io.sluice.testkit.contract.Concurrently.run(6, () -> {
            for (int i = 0; i < 15; i++) {
                var now = store.load(id).orElseThrow();
                String next = statuses.get((int) ((now.version() + i) % statuses.size()));
                var summary = new ExecutionSummary(id, "p", id, next, "sha256:abc", T, next.equals("RUNNING") ? null : T.plusSeconds(1));
                if (store.commit(new Commit(summary, "s", List.of(), next.equals("RUNNING") ? List.of("cmd") : List.of(),
                        now.version(), T.plusMillis(now.version()), next.equals("RUNNING") ? null : T.plusSeconds(5))) instanceof CommitResult.Committed) {
                    committed.incrementAndGet();
                }
            }
            return null;
        });
        var last = store.load(id).orElseThrow();
        String status = last.summary().status();
        assertThat(last.version()).isEqualTo(1 + committed.get());
        ExecutionKeys keys = keys();
        assertThat(redis().client().getScoredSortedSet(keys.statusIndex(keys.shardOf(id), status), StringCodec.INSTANCE).contains(id))
                .as("the set of its final status holds it").isTrue();
        assertThat(store.list("p", status, 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.list(null, status, 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.list("p", null, 10)).extracting(ExecutionSummary::status).containsExactly(status);
        for (String other : statuses) {
            if (!other.equals(status)) {
                assertThat(store.list("p", other, 10)).as(other).isEmpty();
            }
        }
        assertThat(store.pendingOutboxes(T.plusSeconds(3600), 10)).as("pending exactly when its last commit left an outbox")
                .isEqualTo(last.outbox().isEmpty() ? List.of() : List.of(id));
        assertThat(store.expired(T.plusSeconds(3600), 10)).isEqualTo(status.equals("RUNNING") ? List.of() : List.of(id));
    }
}
