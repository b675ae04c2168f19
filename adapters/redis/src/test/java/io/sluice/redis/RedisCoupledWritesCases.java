package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.ReadAlong;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.redisson.api.RScript.ReturnType;

/**
 * A commit with its sends, and a completion with its result, in one pipeline on a real Redis, a single node
 * ({@link RedisCoupledWritesTest}) or the loopback Cluster ({@link RedisCoupledWritesClusterTest}), where an
 * execution's keys and its messages share its shard's slot: each part takes effect only when the write before it did,
 * as when they are made one by one.
 */
abstract class RedisCoupledWritesCases {
    abstract RedisScope redis();
    private static final Instant T = Instant.parse("2026-12-05T00:00:00Z");
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    private String retiredKey(String id) {
        KeyPrefix prefix = new KeyPrefix(redis().prefix());
        return new ExecutionKeys(prefix, Shards.of(redis().client(), prefix)).retiredKey(id);
    }

    private RedisExecutionStore store() {
        return new RedisExecutionStore(redis().client(), redis().prefix());
    }

    private RedisTaskQueue queue() {
        return new RedisTaskQueue(redis().client(), redis().prefix(), 5);
    }

    private RedisIdempotencyStore claims() {
        return new RedisIdempotencyStore(redis().client(), redis().prefix());
    }

    private static Commit commit(long expected, String... outbox) {
        ExecutionSummary s = new ExecutionSummary("p:e1", "p", "e1", "RUNNING", "sha256:abc", T, null);
        return new Commit(s, "state-" + expected, List.of("h" + expected), List.of(outbox), expected, T);
    }

    private static CoupledWrites.Send send(String queue, String id) {
        return new CoupledWrites.Send(queue, new TaskQueue.OutgoingMessage("body-" + id, Map.of(), null, id), Duration.ZERO);
    }

    private CoupledWrites coupled(RedisExecutionStore store, RedisTaskQueue queue) {
        return store.coupledWith(claims(), queue).orElseThrow();
    }

    @Test
    void aCommitIsSentAndItsOutboxClearedInOneStep() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();

        CommitResult result = coupled(store, queue).commitAndSend(commit(0, "entry"), List.of(send("tasks", "p:e1/1/0")), null);

        assertThat(result).isEqualTo(new CommitResult.Committed(1));
        assertThat(queue.receive("tasks", 10, VISIBLE, Duration.ZERO)).extracting(TaskQueue.ReceivedMessage::body).containsExactly("body-p:e1/1/0");
        assertThat(store.load("p:e1").orElseThrow().outbox()).as("sent, so cleared").isEmpty();
        assertThat(store.pendingOutboxes(T.plusSeconds(3600), 10)).isEmpty();
        assertThat(store.list("p", "RUNNING", 10)).hasSize(1);
    }

    @Test
    void aCommitThatConflictsSendsNothingAndLeavesTheWinnersOutbox() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        store.commit(commit(0, "winner's entry"));

        CommitResult result = coupled(store, queue).commitAndSend(commit(0, "loser's entry"), List.of(send("tasks", "p:e1/1/0")), null);

        assertThat(result).isEqualTo(new CommitResult.Conflict(1));
        assertThat(queue.receive("tasks", 10, VISIBLE, Duration.ZERO)).isEmpty();
        assertThat(store.load("p:e1").orElseThrow().outbox()).containsExactly("winner's entry");
    }

    @Test
    void aSendWhoseGuardDoesNotHoldIsNotSentAndMarksNothing() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        store.commit(commit(0));
        TaskQueue.OutgoingMessage message = new TaskQueue.OutgoingMessage("late", Map.of(), null, "p:e1/1/0");

        ScriptCall call = queue.sendCall("tasks", message, Duration.ZERO, List.of(store.hashKey("p:e1"), "writer", "a rival's token"));
        Long reply = RedisTaskQueue.SEND.run(redis().client().getScript(org.redisson.client.codec.StringCodec.INSTANCE), ReturnType.INTEGER,
                call.keys(), call.args());

        assertThat(reply).isEqualTo(2L);
        assertThat(queue.receive("tasks", 10, VISIBLE, Duration.ZERO)).isEmpty();
        assertThat(redis().client().getBucket(queue.sentMark("tasks", message).key()).isExists())
                .as("the message may still be sent by the writer whose guard holds").isFalse();
    }

    @Test
    void anOutboxIsNotClearedUnlessEveryMessageOfItWasSent() {
        RedisExecutionStore store = store();
        store.commit(commit(0, "entry"));

        ScriptCall clear = store.commits().clear("p:e1", 1, List.of(queue().sentMark("tasks",
                new TaskQueue.OutgoingMessage("x", Map.of("executionId", "p:e1"), null, "never-sent"))));
        CommitCalls.CLEAR_OUTBOX.run(redis().client().getScript(org.redisson.client.codec.StringCodec.INSTANCE), ReturnType.MULTI,
                clear.keys(), clear.args());

        assertThat(store.load("p:e1").orElseThrow().outbox()).containsExactly("entry");
        assertThat(store.pendingOutboxes(T.plusSeconds(3600), 10)).as("left for the sweeper").containsExactly("p:e1");
    }

    @Test
    void aCompletionSendsItsResultOnlyForTheOwnerThatCompleted() {
        RedisTaskQueue queue = queue();
        RedisIdempotencyStore claims = claims();
        CoupledWrites coupled = store().coupledWith(claims, queue).orElseThrow();
        assertThat(claims.claim("token-a", "worker-1", T, Duration.ofSeconds(10))).isInstanceOf(ClaimResult.Claimed.class);
        // worker-1's lease lapses and worker-2 takes the task over
        assertThat(claims.claim("token-a", "worker-2", T.plusSeconds(20), Duration.ofSeconds(10))).isInstanceOf(ClaimResult.Claimed.class);

        boolean late = coupled.completeAndSend("token-a", "worker-1", "{\"output\":1}", T.plusSeconds(21), Duration.ofDays(1),
                send("orchestrator", "result-a"), null);
        assertThat(late).isFalse();
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).as("the late worker's result is not sent").isEmpty();

        boolean done = coupled.completeAndSend("token-a", "worker-2", "{\"output\":2}", T.plusSeconds(22), Duration.ofDays(1),
                send("orchestrator", "result-a"), null);
        assertThat(done).isTrue();
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).extracting(TaskQueue.ReceivedMessage::body)
                .containsExactly("body-result-a");
        assertThat(claims.read("token-a").orElseThrow().result()).isEqualTo("{\"output\":2}");
    }

    @Test
    void theMessageACommitAppliesIsAcknowledgedWithItUnlessTheCommitConflicts() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        CoupledWrites coupled = coupled(store, queue);
        queue.send("orchestrator", new TaskQueue.OutgoingMessage("result", Map.of(), "p:e1", "m1"), Duration.ZERO);
        TaskQueue.ReceivedMessage received = queue.receive("orchestrator", 1, Duration.ZERO, Duration.ZERO).getFirst();
        store.commit(commit(0));

        CoupledWrites.Acknowledgement lost = new CoupledWrites.Acknowledgement("orchestrator", received.receipt());
        assertThat(coupled.commitAndSend(commit(0, "entry"), List.of(send("tasks", "p:e1/1/0")), lost)).isInstanceOf(CommitResult.Conflict.class);
        assertThat(lost.done()).isFalse();
        TaskQueue.ReceivedMessage again = queue.receive("orchestrator", 1, VISIBLE, Duration.ZERO).getFirst();
        assertThat(again.body()).as("still there for the host to apply again").isEqualTo("result");

        CoupledWrites.Acknowledgement won = new CoupledWrites.Acknowledgement("orchestrator", again.receipt());
        assertThat(coupled.commitAndSend(commit(1, "entry"), List.of(send("tasks", "p:e1/2/0")), won)).isEqualTo(new CommitResult.Committed(2));
        assertThat(won.done()).isTrue();
        assertThat(queue.backlog("orchestrator").orElseThrow().visible()).isZero();
        assertThat(queue.receive("orchestrator", 1, Duration.ZERO, Duration.ZERO)).as("acknowledged: gone").isEmpty();
    }

    @Test
    void aTaskMessageIsAcknowledgedWithItsCompletion() {
        RedisTaskQueue queue = queue();
        RedisIdempotencyStore claims = claims();
        CoupledWrites coupled = store().coupledWith(claims, queue).orElseThrow();
        queue.send("tasks", new TaskQueue.OutgoingMessage("task", Map.of(), null, "t1"), Duration.ZERO);
        TaskQueue.ReceivedMessage received = queue.receive("tasks", 1, Duration.ZERO, Duration.ZERO).getFirst();
        claims.claim("token-b", "worker-1", T, Duration.ofSeconds(10));

        CoupledWrites.Acknowledgement ack = new CoupledWrites.Acknowledgement("tasks", received.receipt());
        assertThat(coupled.completeAndSend("token-b", "worker-1", "{}", T, Duration.ofDays(1), send("orchestrator", "result-b"), ack)).isTrue();

        assertThat(ack.done()).isTrue();
        assertThat(queue.receive("tasks", 1, Duration.ZERO, Duration.ZERO)).isEmpty();
    }

    /** A task's token as the engine draws them: its execution's id, frame, step, attempt and secret. */
    private static final String TOKEN = "p:e1.0.3.1.0123456789abcdef0123456789abcdef";

    @Test
    void aTaskMessageIsReceivedWithItsClaimMadeForItsDelivery() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        RedisIdempotencyStore claims = claims();
        java.time.Clock clock = java.time.Clock.fixed(T, java.time.ZoneOffset.UTC);
        store.coupledWith(claims, queue).orElseThrow().readOnReceive("orchestrator", "worker-1", clock, Duration.ofSeconds(10));
        store.commit(commit(0));
        queue.send("tasks", new TaskQueue.OutgoingMessage("task", Map.of(CoupledWrites.CLAIM_KEY_ATTRIBUTE, TOKEN), null, "t1"), Duration.ZERO);
        // Of the same execution, as the runtime's messages are: on Cluster, in the same shard, so one receive gives both.
        queue.send("tasks", new TaskQueue.OutgoingMessage("no claim key", Map.of("executionId", "p:e1"), null, "t2"), Duration.ZERO);
        String key = IdempotencyStore.taskKey(TOKEN);

        List<TaskQueue.ReceivedMessage> first = queue.receive("tasks", 10, Duration.ZERO, Duration.ZERO);

        TaskQueue.ReceivedMessage task = first.stream().filter(m -> m.body().equals("task")).findFirst().orElseThrow();
        String owner = CoupledWrites.deliveryOwner("worker-1", task.receipt());
        assertThat(task.readAlong()).isEqualTo(new ReadAlong.Claim(owner, new ClaimResult.Claimed(false)));
        assertThat(claims.read(key).orElseThrow().owner()).as("claimed in Redis, where the store looks, not only said so").isEqualTo(owner);
        assertThat(claims.read(key).orElseThrow().leaseUntil()).isEqualTo(T.plusSeconds(10));
        assertThat(first.stream().filter(m -> m.body().equals("no claim key")).findFirst().orElseThrow().readAlong())
                .isEqualTo(ReadAlong.NOTHING);

        // Its next delivery (visibility 0: at once) is another owner, and finds the first one's live lease.
        TaskQueue.ReceivedMessage again = queue.receive("tasks", 10, Duration.ZERO, Duration.ZERO).stream()
                .filter(m -> m.body().equals("task")).findFirst().orElseThrow();
        assertThat(again.readAlong()).isEqualTo(new ReadAlong.Claim(CoupledWrites.deliveryOwner("worker-1", again.receipt()),
                new ClaimResult.Busy(owner, T.plusSeconds(10))));

        assertThat(claims.complete(key, owner, "{\"ok\":1}", T, Duration.ofDays(1))).isTrue();
        assertThat(queue.receive("tasks", 10, Duration.ZERO, Duration.ZERO).stream().filter(m -> m.body().equals("task"))
                .findFirst().orElseThrow().readAlong()).extracting(r -> ((ReadAlong.Claim) r).result())
                .isEqualTo(new ClaimResult.Completed("{\"ok\":1}"));
    }

    /** Claims an older build recorded in the execution's {@code :claims} set still leave with it. */
    @Test
    void aClaimsSetOfAnOlderBuildLeavesWithItsExecution() {
        RedisExecutionStore store = store();
        RedisIdempotencyStore claims = claims();
        store.commit(commit(0));
        String claimKey = claims.tokenKey(IdempotencyStore.taskKey(TOKEN));
        redis().client().getMap(claimKey, org.redisson.client.codec.StringCodec.INSTANCE).put("owner", "w0");
        redis().client().getSet(store.hashKey("p:e1") + ":claims", org.redisson.client.codec.StringCodec.INSTANCE).add(claimKey);
        ExecutionSummary done = new ExecutionSummary("p:e1", "p", "e1", "SUCCEEDED", "sha256:abc", T, T);
        store.commit(new Commit(done, "state-1", List.of("h1"), List.of(), 1, T));

        assertThat(store.remove("p:e1", 2, Instant.parse("2099-01-01T00:00:00Z"))).isTrue();

        assertThat(redis().client().getKeys().countExists(claimKey, store.hashKey("p:e1") + ":claims")).isZero();
    }

    @Test
    void aTasksClaimLeavesWithItsExecutionAndALateDeliveryFindsItGone() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        RedisIdempotencyStore claims = claims();
        store.coupledWith(claims, queue).orElseThrow().readOnReceive("orchestrator", "worker-1",
                java.time.Clock.fixed(T, java.time.ZoneOffset.UTC), Duration.ofSeconds(10));
        String key = IdempotencyStore.taskKey(TOKEN);
        assertThat(claims.claim(key, "w1", T, Duration.ofSeconds(10))).as("no execution p:e1 yet").isEqualTo(new ClaimResult.Gone());
        store.commit(commit(0));
        assertThat(claims.claim(key, "w1", T, Duration.ofSeconds(10))).isEqualTo(new ClaimResult.Claimed(false));
        assertThat(redis().client().getMap(store.hashKey("p:e1"), org.redisson.client.codec.StringCodec.INSTANCE)
                .containsKey("c" + TOKEN.substring("p:e1".length()))).as("the claim is a field of its execution's hash").isTrue();
        assertThat(redis().client().getKeys().countExists(store.hashKey("p:e1") + ":claims")).as("not a set of its own").isZero();
        assertThat(claims.complete(key, "w1", "{}", T, Duration.ofDays(7))).isTrue();
        ExecutionSummary done = new ExecutionSummary("p:e1", "p", "e1", "SUCCEEDED", "sha256:abc", T, T);
        store.commit(new Commit(done, "state-1", List.of("h1"), List.of(), 1, T));

        // A message of the execution: its deduplication mark is the execution's, and drops a resend as a key of its own would.
        TaskQueue.OutgoingMessage result = new TaskQueue.OutgoingMessage("result", Map.of("executionId", "p:e1"), "p:e1", "result:x");
        queue.send("orchestrator", result, Duration.ZERO);
        queue.send("orchestrator", result, Duration.ZERO);
        assertThat(queue.sentMark("orchestrator", result).field()).as("a field of the execution's marks").isNotEmpty();
        assertThat(redis().client().getMap(queue.sentMark("orchestrator", result).key(), org.redisson.client.codec.StringCodec.INSTANCE)
                .containsKey(queue.sentMark("orchestrator", result).field())).isTrue();
        queue.acknowledge("orchestrator", queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO).getFirst().receipt());
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).as("the resend was dropped").isEmpty();

        assertThat(store.remove("p:e1", 2, Instant.parse("2099-01-01T00:00:00Z"))).isTrue();

        assertThat(claims.read(key)).as("gone with its execution, 7 days' retention or not").isEmpty();
        assertThat(redis().client().getKeys().getKeysStreamByPattern(redis().prefix() + ":*").filter(k -> k.contains("p:e1")).toList())
                .as("only the retired record is left of it: no claim, no claims set, no sent marks").containsExactly(retiredKey("p:e1"));
        queue.send("tasks", new TaskQueue.OutgoingMessage("late", Map.of(CoupledWrites.CLAIM_KEY_ATTRIBUTE, TOKEN), null, "late"), Duration.ZERO);
        assertThat(queue.receive("tasks", 1, VISIBLE, Duration.ZERO).getFirst().readAlong()).extracting(r -> ((ReadAlong.Claim) r).result())
                .isEqualTo(new ClaimResult.Gone());
        assertThat(claims.read(key)).as("a gone task claims nothing").isEmpty();
        assertThat(claims.claim("glue-run:3:job:" + TOKEN, "w1", T, Duration.ofSeconds(10)))
                .as("a key that only ends in a token is a claim of its own").isEqualTo(new ClaimResult.Claimed(false));
    }

    @Test
    void aTaskMessageLeavesNoClaimKeyBehindOnceAcknowledgedOrDeadLettered() {
        RedisTaskQueue queue = new RedisTaskQueue(redis().client(), redis().prefix(), 1);
        store().coupledWith(claims(), queue).orElseThrow().readOnReceive("orchestrator", "worker-1",
                java.time.Clock.fixed(T, java.time.ZoneOffset.UTC), Duration.ofSeconds(10));
        queue.send("tasks", new TaskQueue.OutgoingMessage("acked", Map.of(CoupledWrites.CLAIM_KEY_ATTRIBUTE, "token-d"), null, "d1"), Duration.ZERO);
        queue.acknowledge("tasks", queue.receive("tasks", 1, VISIBLE, Duration.ZERO).getFirst().receipt());
        queue.send("tasks", new TaskQueue.OutgoingMessage("dead", Map.of(CoupledWrites.CLAIM_KEY_ATTRIBUTE, "token-e"), null, "d2"), Duration.ZERO);
        queue.receive("tasks", 1, Duration.ZERO, Duration.ZERO);
        assertThat(queue.receive("tasks", 1, Duration.ZERO, Duration.ZERO)).as("its one receive spent: dead-lettered").isEmpty();

        assertThat(redis().client().getKeys().getKeysStreamByPattern(redis().prefix() + ":queue:*subjects").toList()).isEmpty();
        assertThat(queue.receive("tasks-dlq", 1, VISIBLE, Duration.ZERO).getFirst().readAlong()).isEqualTo(ReadAlong.NOTHING);
    }

    @Test
    void anOrchestratorMessageIsReceivedWithItsExecutionAsALoadReadsIt() {
        RedisExecutionStore store = store();
        RedisTaskQueue queue = queue();
        store.coupledWith(claims(), queue).orElseThrow().readOnReceive("orchestrator", null, java.time.Clock.systemUTC(), Duration.ZERO);
        store.commit(commit(0, "unsent"));
        queue.send("orchestrator", new TaskQueue.OutgoingMessage("result", Map.of(), "p:e1", "r1"), Duration.ZERO);
        queue.send("orchestrator", new TaskQueue.OutgoingMessage("for none", Map.of(), "p:gone", "r2"), Duration.ZERO);

        // On Cluster the two executions may be in two shards, and a receive gives one shard's messages: ask each shard.
        List<TaskQueue.ReceivedMessage> got = new java.util.ArrayList<>();
        for (int shard = 0; shard < Shards.CLUSTER_SHARDS && got.size() < 2; shard++) {
            got.addAll(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO));
        }

        assertThat(got).extracting(TaskQueue.ReceivedMessage::readAlong).containsExactlyInAnyOrder(
                new ReadAlong.Execution("p:e1", store.load("p:e1")), new ReadAlong.Execution("p:gone", java.util.Optional.empty()));
        assertThat(((ReadAlong.Execution) got.stream().filter(m -> m.body().equals("result")).findFirst().orElseThrow().readAlong())
                .execution().orElseThrow().outbox()).containsExactly("unsent");
    }

    @Test
    void writesAreCoupledOnlyWithTheRedisClaimsAndQueueOfTheSameClient() {
        RedisExecutionStore store = store();
        TaskQueue wrapped = new io.sluice.testkit.fake.InMemoryTaskQueue(java.time.Clock.systemUTC(), 5);

        assertThat(store.coupledWith(claims(), queue())).isPresent();
        assertThat(store.coupledWith(claims(), wrapped)).as("a queue of another server").isEmpty();
    }
}
