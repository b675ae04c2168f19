package io.sluice.redis;

import io.sluice.orchestration.json.IsoInstant;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The calls of one {@link RedisExecutionStore}'s commit script ({@code lua/execution-commit.lua}) and outbox-clearing
 * script ({@code lua/execution-clear-outbox.lua}): their keys and arguments, and what a commit answered. The store runs
 * them on their own; {@link RedisCoupledWrites} pipelines them with the sends and the acknowledgement of one transition.
 */
final class CommitCalls {
    static final LuaScript COMMIT = LuaScript.load("execution-commit");
    static final LuaScript CLEAR_OUTBOX = LuaScript.load("execution-clear-outbox");

    private final ExecutionKeys keys;
    private final HistoryOffload history;

    /** @param history where the commit's long history lines go before the script runs */
    CommitCalls(ExecutionKeys keys, HistoryOffload history) {
        this.keys = keys;
        this.history = history;
    }

    /**
     * The commit script's run for {@code commit}, which keeps the shard's indexes too and stores {@code writer} as the
     * hash's {@code writer} field, which a send pipelined behind it can check ({@link RedisCoupledWrites}); {@code ""}
     * for a commit on its own.
     */
    ScriptCall commit(Commit commit, String writer) {
        ExecutionSummary s = SummaryFields.requireComplete(commit.summary());
        String id = s.executionId();
        String state = Objects.requireNonNull(commit.state(), "state");
        List<Object> args = new ArrayList<>(20 + commit.history().size() + commit.outbox().size());
        // Before the script: a crash leaves an orphan object (deleted with the execution), never a dangling reference.
        HistoryOffload.Stored lines = history.store(id, commit.expectedVersion() + 1, commit.history(), commit.expectedVersion() > 0);
        args.add(Long.toString(commit.expectedVersion()));
        args.add(Long.toString(commit.at().toEpochMilli()));
        args.add(Integer.toString(commit.history().size()));
        args.add(Integer.toString(commit.outbox().size()));
        args.add(state);
        args.addAll(List.of(s.pipeline(), s.name(), s.status(), s.definitionHash(), IsoInstant.format(s.startTime()),
                s.stopTime() == null ? SummaryFields.RUNNING_STOP_TIME : IsoInstant.format(s.stopTime())));
        args.add(commit.retainUntil() == null ? "" : Long.toString(commit.retainUntil().toEpochMilli()));
        args.addAll(listingSets(s));
        int shard = keys.shardOf(id);
        List<Object> commitKeys = List.of(keys.hashKey(id), keys.outboxKey(id), keys.historyKey(id), keys.retiredKey(id),
                keys.allIndex(shard), keys.pendingKey(shard), keys.expiryKey(shard), keys.stubBucket(id));
        args.add(id);
        args.add(Long.toString(s.startTime().toEpochMilli()));
        args.add(writer);
        args.add(Objects.requireNonNullElse(s.partition(), ""));
        args.add(lines.offloaded() ? "1" : "");
        args.addAll(lines.lines());
        args.addAll(commit.outbox());
        return new ScriptCall(commitKeys, args.toArray());
    }

    /** What the commit script answered. */
    static CommitResult result(List<Object> reply) {
        long version = (Long) reply.get(1);
        return (Long) reply.getFirst() == 1L ? new CommitResult.Committed(version) : new CommitResult.Conflict(version);
    }

    /** The outbox-clearing script's run, clearing only if every one of {@code sentMarks} exists. */
    ScriptCall clear(String executionId, long version, List<RedisTaskQueue.SentMark> sentMarks) {
        List<Object> args = new ArrayList<>(2 + 2 * sentMarks.size());
        args.add(Long.toString(version));
        args.add(executionId);
        for (RedisTaskQueue.SentMark mark : sentMarks) {
            args.add(mark.key());
            args.add(mark.field());
        }
        return new ScriptCall(List.of(keys.hashKey(executionId), keys.outboxKey(executionId), keys.pendingKey(keys.shardOf(executionId))),
                args.toArray());
    }

    /** The listing sets an execution with summary {@code s} belongs in: by pipeline, by status, by both. */
    List<String> listingSets(ExecutionSummary s) {
        int shard = keys.shardOf(s.executionId());
        return List.of(keys.pipelineIndex(shard, s.pipeline()), keys.statusIndex(shard, s.status()),
                keys.pipelineStatusIndex(shard, s.pipeline(), s.status()));
    }
}
