package io.sluice.redis;

import io.sluice.orchestration.port.Commit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The execution store's global indexes on Redis Cluster (listing sets, pending outboxes, expiry), which live in other
 * slots than the execution and so are written around its commit script, ordered so that a crash or a conflict leaves
 * only extra entries: the adds before the commit, and after it the adds again, the removals from the sets it left, and
 * a re-read of the sets it is in now if it left any ({@link RedisExecutionStore}'s class comment has the whole scheme).
 */
final class ClusterIndexHints {
    private static final Set<String> INDEX_FIELDS = Set.of("ixPipeline", "ixStatus", "ixPipelineStatus");

    private final RedissonClient redisson;
    private final ExecutionKeys keys;

    ClusterIndexHints(RedissonClient redisson, ExecutionKeys keys) {
        this.redisson = redisson;
        this.keys = keys;
    }

    /** One round trip (per node): the listing sets, and the pending and expiry sets when the commit needs them. */
    void beforeCommit(String id, List<String> sets, Commit commit) {
        adds(id, sets, commit).execute();
    }

    /**
     * In one batch (none of these touch the same key): the adds again (an older writer may have removed them meanwhile),
     * then out of the sets it left, out of the expiry set without a deadline, out of the pending set without an outbox
     * (if that entry is not newer than this commit).
     *
     * @param oldSets the listing sets the execution was in before the commit, as the commit script answered ('' for none)
     */
    void afterCommit(String id, List<String> sets, Commit commit, List<Object> oldSets) {
        List<String> left = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            String old = (String) oldSets.get(i);
            if (!old.isEmpty() && !old.equals(sets.get(i))) {
                left.add(old);
            }
        }
        RBatch after = adds(id, sets, commit);
        for (String old : left) {
            after.getScoredSortedSet(old, StringCodec.INSTANCE).removeAsync(id);
        }
        if (commit.retainUntil() == null) {
            after.getScoredSortedSet(keys.expiryKey(), StringCodec.INSTANCE).removeAsync(id);
        }
        if (commit.outbox().isEmpty()) {
            HintScan.removeIfNotNewer(after, keys.pendingKey(), id, commit.at().toEpochMilli());
        }
        after.execute();
        if (!left.isEmpty()) {
            reassertCurrentSets(id, start(commit));
        }
    }

    /** A batch of the adds a commit needs, for the caller to add to and execute. */
    private RBatch adds(String id, List<String> sets, Commit commit) {
        RBatch batch = redisson.createBatch();
        double start = start(commit);
        batch.getScoredSortedSet(keys.allIndex(), StringCodec.INSTANCE).addAsync(start, id);
        for (String set : sets) {
            batch.getScoredSortedSet(set, StringCodec.INSTANCE).addAsync(start, id);
        }
        if (!commit.outbox().isEmpty()) {
            batch.getScoredSortedSet(keys.pendingKey(), StringCodec.INSTANCE).addAsync(commit.at().toEpochMilli(), id);
        }
        Instant retainUntil = commit.retainUntil();
        if (retainUntil != null) {
            batch.getScoredSortedSet(keys.expiryKey(), StringCodec.INSTANCE).addAsync(retainUntil.toEpochMilli(), id);
        }
        return batch;
    }

    /**
     * After removing an execution from sets it left: a newer commit may have moved it back into one of them
     * between its own adds and this removal, so the sets the hash names now are added again.
     */
    private void reassertCurrentSets(String id, double start) {
        Map<String, String> now = redisson.<String, String>getMap(keys.hashKey(id), StringCodec.INSTANCE).getAll(INDEX_FIELDS);
        RBatch batch = redisson.createBatch();
        boolean any = false;
        for (String set : now.values()) {
            if (set != null && !set.isEmpty()) {
                batch.getScoredSortedSet(set, StringCodec.INSTANCE).addAsync(start, id);
                any = true;
            }
        }
        if (any) {
            batch.execute();
        }
    }

    private static double start(Commit commit) {
        return commit.summary().startTime().toEpochMilli();
    }
}
