package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.ExecutionStoreContract;
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

    /** A pipeline's sleeping executions lie in small segments that split and merge (RedisStubCases). */
    @Test
    void sleepersListInSmallSegmentsThatSplitAndMergeAsTheySleepAndWake() {
        stubCases().sleepersListInSmallSegmentsThatSplitAndMergeAsTheySleepAndWake();
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

    /** A stub with nothing else to keep is a field of its bucket (RedisStubCases). */
    @Test
    void aStubWithNothingElseToKeepIsAFieldOfItsBucket() {
        stubCases().aStubWithNothingElseToKeepIsAFieldOfItsBucket();
    }

    /** A bucketed stub keeps its tasks' claim fields beside it (RedisStubCases). */
    @Test
    void aBucketedStubKeepsItsTasksClaimFieldsBesideIt() {
        stubCases().aBucketedStubKeepsItsTasksClaimFieldsBesideIt();
    }

    private RedisStubCases stubCases() {
        return new RedisStubCases(redis(), keys(), () -> (RedisExecutionStore) createStore());
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
        return RedisStubCases.encoding(redis(), key);
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
