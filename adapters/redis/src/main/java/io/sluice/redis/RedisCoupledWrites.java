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
import java.util.concurrent.CompletableFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * {@link CoupledWrites} on the Redis that holds the executions, the claims and the queues: the scripts of a write
 * and of the sends after it go in one pipeline, one round trip, and each send is guarded inside Redis by the write it
 * follows (a token the commit stores, the claim's owner), so a write that did not take effect sends nothing. The
 * outbox is cleared last, by the same pipeline, and only if every message's deduplication mark exists: a send that
 * failed leaves the outbox for the sweeper, as an uncoupled one does. A pipeline is not a transaction (another client's
 * commands may run between its scripts), but each guard is checked when its script runs, which is all the order of the
 * parts needs. On Cluster too: an execution's keys, its claims and its messages' part of each queue share its shard's
 * slot ({@link Shards}), so the guards, marks and queues a pipeline names are one primary's.
 */
final class RedisCoupledWrites implements CoupledWrites {
    /** Commits' tokens: new across processes and restarts, without a draw from the random source on every commit. */
    private static final CountedIds WRITERS = new CountedIds();
    private final Scripts scripts;
    private final Shards shards;
    private final RedisExecutionStore executions;
    private final RedisIdempotencyStore claims;
    private final RedisTaskQueue queue;

    RedisCoupledWrites(RedissonClient redisson, RedisExecutionStore executions, RedisIdempotencyStore claims, RedisTaskQueue queue) {
        this.scripts = Scripts.of(Objects.requireNonNull(redisson, "redisson"));
        this.shards = executions.shards();
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
        int shard = shards.of(id);
        if (sends.stream().anyMatch(s -> queue.shardOf(s.message()) != shard) || ack != null && queue.shardOfReceipt(ack.receipt()) != shard) {
            return oneByOne(commit, sends, ack);
        }
        // This commit's own token, not its version: a rival writer from the same version would reach the same one.
        String writer = WRITERS.next();
        List<String> guard = List.of(executions.hashKey(id), "writer", writer);
        ScriptPipeline batch = scripts.pipeline();
        CommitCalls commits = executions.commits();
        ScriptCall commitCall = commits.commit(commit, writer);
        CompletableFuture<List<Object>> committed = batch.add(CommitCalls.COMMIT, ReturnType.MULTI, commitCall.keys(), commitCall.args());
        List<CompletableFuture<Long>> sent = new ArrayList<>(sends.size());
        List<RedisTaskQueue.SentMark> marks = new ArrayList<>(sends.size());
        for (Send s : sends) {
            ScriptCall call = queue.sendCall(s.queue(), s.message(), s.delay(), guard);
            sent.add(batch.add(RedisTaskQueue.SEND, ReturnType.INTEGER, call.keys(), call.args()));
            marks.add(queue.sentMark(s.queue(), s.message()));
        }
        ScriptCall clear = commits.clear(id, next, marks);
        batch.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI, clear.keys(), clear.args());
        CompletableFuture<Long> acknowledged = ack == null ? null : acknowledge(batch, ack, guard);
        batch.execute();
        CommitResult result = CommitCalls.result(committed.join());
        if (result instanceof CommitResult.Committed) {
            for (int i = 0; i < sends.size(); i++) {
                queue.sent(sends.get(i).queue(), sends.get(i).message(), sent.get(i).join());
            }
            settle(ack, acknowledged);
        }
        return result;
    }

    @Override
    public boolean completeAndSend(String key, String owner, String result, Instant now, Duration retention, Send send,
                                   Acknowledgement ack) {
        if (shards.count() > 1 && claims.shardOfKey(key) != queue.shardOf(send.message())) {
            return oneByOne(key, owner, result, now, retention, send, ack);
        }
        ScriptPipeline batch = scripts.pipeline();
        ScriptCall complete = claims.completeCall(key, owner, result, now, retention);
        CompletableFuture<Long> completed = batch.add(RedisIdempotencyStore.COMPLETE, ReturnType.INTEGER, complete.keys(), complete.args());
        ScriptCall call = queue.sendCall(send.queue(), send.message(), send.delay(), List.of(claims.tokenKey(key), "owner", owner));
        CompletableFuture<Long> sent = batch.add(RedisTaskQueue.SEND, ReturnType.INTEGER, call.keys(), call.args());
        CompletableFuture<Long> acknowledged = ack == null ? null : acknowledge(batch, ack, List.of());
        batch.execute();
        boolean done = completed.join() == 1L;
        if (done) {
            queue.sent(send.queue(), send.message(), sent.join());
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
            public List<Object> args(String from, int shard) {
                if (from.equals(orchestratorQueue)) {
                    return executions.loadArgs(shard);
                }
                return taskArgs(shard);
            }

            @Override
            public List<Object> args(List<String> from, int shard) {
                return from.contains(orchestratorQueue) ? null : taskArgs(shard);
            }

            private List<Object> taskArgs(int shard) {
                if (workerOwner == null) {
                    return List.of("");
                }
                List<Object> args = new ArrayList<>(List.of("claim"));
                args.addAll(claims.claimArgs(workerOwner, clock.instant(), lease));
                args.addAll(claims.claimKeyArgs(shard));
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

    /**
     * The parts of {@link #commitAndSend} one by one, for a call whose sends or acknowledgement are not all in the
     * execution's slot (on Cluster, a message that names neither its execution nor a group of it): a send after the commit
     * took effect, the clear after every send, the acknowledgement last.
     */
    private CommitResult oneByOne(Commit commit, List<Send> sends, Acknowledgement ack) {
        CommitResult result = executions.commit(commit);
        if (result instanceof CommitResult.Committed) {
            for (Send s : sends) {
                queue.send(s.queue(), s.message(), s.delay());
            }
            executions.clearOutbox(commit.executionId(), commit.expectedVersion() + 1);
            acknowledge(ack);
        }
        return result;
    }

    /** The parts of {@link #completeAndSend} one by one, for a send that is not in the claim's slot. */
    private boolean oneByOne(String key, String owner, String result, Instant now, Duration retention, Send send, Acknowledgement ack) {
        boolean done = claims.complete(key, owner, result, now, retention);
        if (done) {
            queue.send(send.queue(), send.message(), send.delay());
        }
        acknowledge(ack);
        return done;
    }

    private void acknowledge(Acknowledgement ack) {
        if (ack != null && queue.acknowledgeDone(ack.queue(), ack.receipt())) {
            ack.markDone();
        }
    }

    private CompletableFuture<Long> acknowledge(ScriptPipeline batch, Acknowledgement ack, List<String> guard) {
        ScriptCall call = queue.acknowledgeCall(ack.queue(), ack.receipt(), guard);
        return batch.add(RedisTaskQueue.ACKNOWLEDGE, ReturnType.INTEGER, call.keys(), call.args());
    }

    private void settle(Acknowledgement ack, CompletableFuture<Long> acknowledged) {
        if (ack != null && queue.acknowledged(ack.queue(), ack.receipt(), acknowledged.join())) {
            ack.markDone();
        }
    }
}
