package io.sluice.redis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The history objects of removed executions ({@link HistoryOffload}): {@code lua/execution-remove.lua} puts a removed
 * execution that had some in its shard's {@code history-gone} set, in the same step as the removal; they are deleted
 * right after, and the id taken out of the set. A crash in between leaves the id in the set, which {@link #drain} (each
 * reaper pass, {@link RedisExecutionStore#expired}) works off: an object outlives its execution by one pass at most.
 */
final class HistoryGone {
    /** Ids per shard one drain takes on. */
    private static final int BATCH = 100;

    private final RedissonClient redisson;
    private final ExecutionKeys keys;
    private final HistoryOffload history;

    HistoryGone(RedissonClient redisson, ExecutionKeys keys, HistoryOffload history) {
        this.redisson = redisson;
        this.keys = keys;
        this.history = history;
    }

    /** Deletes the execution's history objects, then takes it out of the set. */
    void delete(int shard, String executionId) {
        history.deleteAll(executionId);
        redisson.getScoredSortedSet(keys.historyGoneKey(shard), StringCodec.INSTANCE).remove(executionId);
    }

    /** Finishes the deletions a crash cut short: every shard's set read in one round trip. */
    void drain() {
        int count = keys.shards().count();
        RBatch batch = redisson.createBatch();
        for (int shard = 0; shard < count; shard++) {
            batch.<String>getScoredSortedSet(keys.historyGoneKey(shard), StringCodec.INSTANCE).valueRangeAsync(0, BATCH - 1);
        }
        BatchResult<?> read = batch.execute();
        List<?> answers = new ArrayList<>(read.getResponses());
        for (int shard = 0; shard < count; shard++) {
            for (Object id : (Collection<?>) answers.get(shard)) {
                delete(shard, (String) id);
            }
        }
    }
}
