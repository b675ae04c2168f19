package io.sluice.redis;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.ReadAlong;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * {@link CoupledWrites} on one Redis node that holds the executions, the claims and the queues: the scripts of a write
 * and of the sends after it go in one pipeline, one round trip, and each send is guarded inside Redis by the write it
 * follows (a token the commit stores, the claim's owner), so a write that did not take effect sends nothing. The
 * outbox is cleared last, by the same pipeline, and only if every message's deduplication mark exists: a send that
 * failed leaves the outbox for the sweeper, as an uncoupled one does. A pipeline is not a transaction (another client's
 * commands may run between its scripts), but each guard is checked when its script runs, which is all the order of the
 * parts needs. Only on one node: the guards and marks are keys of other slots.
 */
final class RedisCoupledWrites implements CoupledWrites {
    private final RedissonClient redisson;
    private final RedisExecutionStore executions;
    private final RedisIdempotencyStore claims;
    private final RedisTaskQueue queue;

    RedisCoupledWrites(RedissonClient redisson, RedisExecutionStore executions, RedisIdempotencyStore claims, RedisTaskQueue queue) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.executions = executions;
        this.claims = claims;
        this.queue = queue;
    }

    @Override
    public CommitResult commitAndSend(Commit commit, List<Send> sends, Acknowledgement ack) {
        if (sends.isEmpty()) {
            return executions.commit(commit);
        }
        String id = commit.executionId();
        long next = commit.expectedVersion() + 1;
        // This commit's own token, not its version: a rival writer from the same version would reach the same one.
        String writer = UUID.randomUUID().toString();
        List<String> guard = List.of(executions.hashKey(id), "writer", writer);
        RBatch batch = redisson.createBatch();
        ScriptCall commitCall = executions.commitCall(commit, writer);
        RFuture<List<Object>> committed = RedisExecutionStore.COMMIT.addTo(batch, ReturnType.MULTI, commitCall.keys(), commitCall.args());
        List<RFuture<Long>> sent = new ArrayList<>(sends.size());
        List<RedisTaskQueue.SentMark> marks = new ArrayList<>(sends.size());
        for (Send s : sends) {
            ScriptCall call = queue.sendCall(s.queue(), s.message(), s.delay(), guard);
            sent.add(RedisTaskQueue.SEND.addTo(batch, ReturnType.INTEGER, call.keys(), call.args()));
            marks.add(queue.sentMark(s.queue(), s.message()));
        }
        ScriptCall clear = executions.clearCall(id, next, marks);
        RedisExecutionStore.CLEAR_OUTBOX.addTo(batch, ReturnType.MULTI, clear.keys(), clear.args());
        RFuture<Long> acknowledged = ack == null ? null : acknowledge(batch, ack, guard);
        batch.execute();
        CommitResult result = RedisExecutionStore.commitResult(committed.toCompletableFuture().join());
        if (result instanceof CommitResult.Committed) {
            for (int i = 0; i < sends.size(); i++) {
                queue.sent(sends.get(i).queue(), sent.get(i).toCompletableFuture().join());
            }
            settle(ack, acknowledged);
        }
        return result;
    }

    @Override
    public boolean completeAndSend(String key, String owner, String result, Instant now, Duration retention, Send send,
                                   Acknowledgement ack) {
        RBatch batch = redisson.createBatch();
        ScriptCall complete = claims.completeCall(key, owner, result, now, retention);
        RFuture<Long> completed = RedisIdempotencyStore.COMPLETE.addTo(batch, ReturnType.INTEGER, complete.keys(), complete.args());
        ScriptCall call = queue.sendCall(send.queue(), send.message(), send.delay(), List.of(claims.tokenKey(key), "owner", owner));
        RFuture<Long> sent = RedisTaskQueue.SEND.addTo(batch, ReturnType.INTEGER, call.keys(), call.args());
        RFuture<Long> acknowledged = ack == null ? null : acknowledge(batch, ack, List.of());
        batch.execute();
        boolean done = completed.toCompletableFuture().join() == 1L;
        if (done) {
            queue.sent(send.queue(), sent.toCompletableFuture().join());
        }
        settle(ack, acknowledged);
        return done;
    }

    /**
     * Each receive of the queue runs the read in its own script: a message of {@code orchestratorQueue} comes with its
     * execution ({@code lib/load.lua}), a task message with its claim ({@code lib/claim.lua}, for this delivery's owner).
     */
    @Override
    public void readOnReceive(String orchestratorQueue, String workerOwner, Clock clock, Duration lease) {
        Objects.requireNonNull(orchestratorQueue, "orchestratorQueue");
        queue.readAlong(new ReceiveReads() {
            @Override
            public List<Object> args(String from) {
                if (from.equals(orchestratorQueue)) {
                    return executions.loadArgs();
                }
                if (workerOwner == null) {
                    return List.of("");
                }
                List<Object> args = new ArrayList<>(List.of("claim", claims.tokenKeyPrefix()));
                args.addAll(claims.claimArgs(workerOwner, clock.instant(), lease));
                args.add(claims.executionKeyStart());
                return args;
            }

            @Override
            public ReadAlong read(List<String> items, String receipt) {
                return switch (items.getFirst()) {
                    case "claim" -> new ReadAlong.Claim(CoupledWrites.deliveryOwner(workerOwner, receipt),
                            RedisIdempotencyStore.claimResult(items.subList(1, items.size())));
                    case "load" -> new ReadAlong.Execution(items.get(1), RedisExecutionStore.loaded(items.get(1), items.subList(2, items.size())));
                    default -> throw new IllegalStateException("A receive read along what it was not asked: " + items.getFirst());
                };
            }
        });
    }

    private RFuture<Long> acknowledge(RBatch batch, Acknowledgement ack, List<String> guard) {
        ScriptCall call = queue.acknowledgeCall(ack.queue(), ack.receipt(), guard);
        return RedisTaskQueue.ACKNOWLEDGE.addTo(batch, ReturnType.INTEGER, call.keys(), call.args());
    }

    private void settle(Acknowledgement ack, RFuture<Long> acknowledged) {
        if (ack != null && queue.acknowledged(ack.queue(), acknowledged.toCompletableFuture().join())) {
            ack.markDone();
        }
    }
}
