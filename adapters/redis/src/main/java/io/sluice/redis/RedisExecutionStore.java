package io.sluice.redis;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionStubs;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.HistoryObjects;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Executions in Redis, on a single node or on Redis Cluster alike. Each {@link #commit} is one Lua
 * script ({@code lua/execution-commit.lua}) over the execution's own keys and its shard's indexes: it checks the
 * version and writes state, summary, outbox and history and keeps the listing, pending-outbox and expiry sets, all or
 * nothing, so the indexes are exact.
 *
 * <p>Keys, with {@code P} the key prefix and {@code ID} the execution id, on one node:
 * <ul>
 *   <li>{@code P:exec:{ID}} hash: version, state, summary fields, commit time and retention deadline of
 *       the last commit, and the names of the index sets the execution is in; {@code P:exec:{ID}:outbox}
 *       and {@code P:exec:{ID}:history} lists (the hash's {@code c.*} fields name its tasks' claims) and {@code :sent} (the
 *       deduplication marks of the messages sent for it).</li>
 *   <li>Indexes, sorted sets scored by start time (epoch ms): {@code P:idx:all},
 *       {@code P:idx:pipeline:<pipeline>}, {@code P:idx:status:<status>},
 *       {@code P:idx:pipeline-status:<status length>:<status>:<pipeline>}; and
 *       {@code P:outbox-pending}, scored by commit time, holding the executions whose outbox is not
 *       cleared yet; {@code P:expiry}, scored by the retention deadline of each finished execution
 *       ({@link Commit#retainUntil}), which the reaper reads.</li>
 *   <li>{@code P:retired:{ID}} string: the summary of an execution {@link #remove removed} (after it was
 *       archived), its fields in {@code SummaryFields.SUMMARY} order joined by newlines, expiring when its name may be
 *       used again: a few hundred bytes instead of the execution's kilobytes.</li>
 * </ul>
 *
 * <p>On Redis Cluster each execution belongs to a shard ({@link Shards}) and the same keys carry the shard's hash tag
 * instead: {@code P:exec:{T}ID}, {@code P:retired:{T}ID}, and each shard has its own indexes, {@code P:{T}:idx:all}
 * and so on. A listing reads every shard's index and merges them ({@link ShardedListing}); the sweeper and the reaper
 * read every shard's pending and expiry sets. One execution's commit, its sends and the acknowledgement of the message
 * it applied then share one slot, which is what lets them go in one round trip ({@link RedisCoupledWrites}).
 *
 * <p>Listings page by keyset ({@link ExecutionCursor}): ties on start time come in reverse id order (Redis sorts equal
 * scores by member), which is the port's order. The hash keeps the partition the execution was started for, so a listing
 * shows it without reading the state.
 *
 * <p>{@link #keepingHistoryIn Given an object store}, a history line longer than the store's threshold is kept there and
 * the list holds a reference to it ({@link HistoryOffload}); {@link #history} answers the lines themselves. A start (the
 * first commit) keeps its lines inline: it stays one script, and a start refused for its name leaves no object.
 */
public final class RedisExecutionStore implements ExecutionStore, ExecutionStubs, CoupledWrites.Source, HistoryObjects {
    private static final LuaScript LOAD = LuaScript.load("execution-load", "lib/stubs", "lib/load");
    private static final LuaScript REMOVE = LuaScript.load("execution-remove");
    private static final LuaScript STUB = LuaScript.load("execution-stub", "lib/sleeping", "lib/stubs");
    private static final LuaScript RESTORE = LuaScript.load("execution-restore", "lib/sleeping", "lib/stubs");

    private final RedissonClient redisson;
    private final Scripts script;
    private final ExecutionKeys keys;
    private final ShardedListing listing;
    private final HistoryOffload history;
    private final CommitCalls commits;

    /** @param keyPrefix first segment of every key this store writes; no braces */
    public RedisExecutionStore(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, HistoryOffload.DEFAULT_INLINE_BYTES);
    }

    /**
     * @param historyInlineBytes the longest history line (UTF-8 bytes) kept in Redis once the store is
     *                           {@link #keepingHistoryIn given an object store}
     */
    public RedisExecutionStore(RedissonClient redisson, String keyPrefix, int historyInlineBytes) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        KeyPrefix prefix = new KeyPrefix(keyPrefix);
        this.keys = new ExecutionKeys(prefix, Shards.of(redisson, prefix));
        this.listing = new ShardedListing(redisson, script, keys);
        this.history = new HistoryOffload(null, historyInlineBytes, keyPrefix);
        this.commits = new CommitCalls(keys, history);
    }

    private RedisExecutionStore(RedisExecutionStore store, HistoryOffload history) {
        this.redisson = store.redisson;
        this.script = store.script;
        this.keys = store.keys;
        this.listing = store.listing;
        this.history = history;
        this.commits = new CommitCalls(keys, history);
    }

    /** This store, its long history lines kept in {@code objects} ({@link HistoryOffload}). */
    @Override
    public RedisExecutionStore keepingHistoryIn(ObjectStore objects) {
        return new RedisExecutionStore(this, history.with(Objects.requireNonNull(objects, "objects")));
    }

    @Override
    public Optional<StoredExecution> load(String executionId) {
        List<Object> reply = LOAD.run(script, ReturnType.MULTI, List.of(keys.hashKey(executionId), keys.outboxKey(executionId),
                keys.definitionNumbers(keys.shardOf(executionId)), keys.stubBucket(executionId)), executionId);
        return loaded(executionId, reply.stream().map(String.class::cast).toList());
    }

    /** The arguments with which a receive from {@code shard} reads an execution along ({@code lua/queue-receive.lua}'s 'load'). */
    List<Object> loadArgs(int shard) {
        return List.of("load", keys.hashKeyStart(shard), keys.hashKeyEnd(), ExecutionKeys.OUTBOX_SUFFIX, keys.definitionNumbers(shard),
                keys.stubBucketStart(shard), Integer.toString(keys.stubBuckets()));
    }

    /** What {@code lib/load.lua}'s load answered for {@code executionId}. */
    static Optional<StoredExecution> loaded(String executionId, List<String> fields) {
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> hash = new java.util.HashMap<>();
        for (int i = 0; i < SummaryFields.LOADED.size(); i++) {
            hash.put(SummaryFields.LOADED.get(i), fields.get(i + 1));
        }
        ExecutionSummary summary = Objects.requireNonNull(SummaryFields.read(executionId, hash::get), "the summary of " + executionId);
        return Optional.of(new StoredExecution(summary, hash.get("state"), fields.subList(SummaryFields.LOADED.size() + 1, fields.size()),
                Long.parseLong(fields.getFirst())));
    }

    @Override
    public CommitResult commit(Commit commit) {
        ScriptCall call = commits.commit(commit, "");
        return CommitCalls.result(CommitCalls.COMMIT.run(script, ReturnType.MULTI, call.keys(), call.args()));
    }

    /** The calls of this store's commit and outbox-clearing scripts, for a pipeline of them ({@link RedisCoupledWrites}). */
    CommitCalls commits() {
        return commits;
    }

    Shards shards() {
        return keys.shards();
    }

    /** The execution hash, whose {@code writer} field a coupled send is guarded by. */
    String hashKey(String executionId) {
        return keys.hashKey(executionId);
    }

    @Override
    public boolean stub(String executionId, long version) {
        int shard = keys.shardOf(executionId);
        return STUB.<Long>run(script, ReturnType.INTEGER, List.of(keys.hashKey(executionId), keys.outboxKey(executionId),
                keys.historyKey(executionId), keys.sentKey(executionId), keys.allIndex(shard), keys.sleepingPipelines(shard),
                keys.definitionNumbers(shard), keys.stubBucket(executionId)), Long.toString(version), executionId, keys.claimKeysOf(executionId),
                keys.sleepingIndexStart(shard)) == 1L;
    }

    @Override
    public List<String> storedHistory(String executionId) {
        return redisson.<String>getList(keys.historyKey(executionId), StringCodec.INSTANCE).readAll();
    }

    @Override
    public List<String> resolve(String executionId, List<String> stored) {
        return history.resolve(executionId, stored);
    }

    @Override
    public boolean restore(ExecutionSummary summary, long version, String state, List<String> lines) {
        Objects.requireNonNull(state, "state");
        String executionId = summary.executionId();
        HistoryOffload.Stored stored = history.restore(executionId, version, lines); // back by reference, as committed
        List<Object> args = new ArrayList<>(12 + lines.size());
        args.add(Long.toString(version));
        args.add(state);
        args.add(stored.offloaded() ? "1" : "");
        args.addAll(commits.listingSets(summary));
        args.add(executionId);
        args.add(Long.toString(summary.startTime().toEpochMilli()));
        args.addAll(List.of(summary.pipeline(), summary.name(), summary.definitionHash(), summary.startTime().toString()));
        args.addAll(stored.lines());
        int shard = keys.shardOf(executionId);
        return RESTORE.<Long>run(script, ReturnType.INTEGER, List.of(keys.hashKey(executionId), keys.historyKey(executionId),
                keys.allIndex(shard), keys.sleepingPipelines(shard), keys.sleepingIndex(shard, summary.pipeline()),
                keys.stubBucket(executionId)), args.toArray()) == 1L;
    }

    @Override
    public boolean clearOutbox(String executionId, long version) {
        ScriptCall call = commits.clear(executionId, version, List.of());
        List<Object> reply = CommitCalls.CLEAR_OUTBOX.run(script, ReturnType.MULTI, call.keys(), call.args());
        return (Long) reply.getFirst() == 1L;
    }

    /**
     * The pending set's entries up to the cutoff, oldest first, whose outbox is not empty; an entry whose outbox is
     * empty (its clearing was cut short) is dropped unless a newer commit has renewed it meanwhile.
     */
    @Override
    public List<String> pendingOutboxes(Instant committedBefore, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        return HintScan.holdingAcross(redisson, script, keys.shards().count(), keys::pendingKey, committedBefore.toEpochMilli(), limit,
                new HintScan.Check<Integer>() {
            @Override
            public RFuture<Integer> read(RBatch batch, String id) {
                return batch.getList(keys.outboxKey(id), StringCodec.INSTANCE).sizeAsync();
            }

            @Override
            public boolean holds(Integer outboxSize, double committedAt) {
                return outboxSize > 0;
            }
        });
    }

    @Override
    public List<String> history(String executionId, int fromIndex, int limit) {
        if (fromIndex < 0) {
            throw new IllegalArgumentException("History starts at index 0, not " + fromIndex);
        }
        if (limit <= 0) {
            return List.of();
        }
        return history.resolve(executionId,
                redisson.<String>getList(keys.historyKey(executionId), StringCodec.INSTANCE).range(fromIndex, fromIndex + limit - 1));
    }

    /**
     * A page from the index (per shard) that matches the filter, by keyset from {@code after} ({@link ShardedListing}):
     * an entry whose execution does not (yet, or any more) match the filter, or is gone, is left out; a sleeping one is
     * found among its pipeline's sleeping executions ({@link ExecutionKeys#listingIndexes}).
     */
    @Override
    public List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        List<Set<String>> sleeping = listing.sleepingPipelines(pipeline, status);
        return listing.page(shard -> keys.listingIndexes(shard, pipeline, status, sleeping.get(shard)), after, limit,
                s -> (pipeline == null || pipeline.equals(s.pipeline())) && (status == null || status.equals(s.status())));
    }

    /**
     * The expiry set's entries up to {@code now}, earliest deadline first, whose execution is finished with that
     * deadline; an entry that no longer holds (the execution was redriven or removed, or the commit that added it
     * conflicted) is dropped unless a newer commit has renewed it meanwhile.
     */
    @Override
    public List<String> expired(Instant now, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        if (history.enabled()) {
            new HistoryGone(redisson, keys, history).drain();
        }
        Set<String> fields = new LinkedHashSet<>(List.of("status", "retainUntil"));
        return HintScan.holdingAcross(redisson, script, keys.shards().count(), keys::expiryKey, now.toEpochMilli(), limit,
                new HintScan.Check<Map<String, String>>() {
            @Override
            public RFuture<Map<String, String>> read(RBatch batch, String id) {
                return batch.<String, String>getMap(keys.hashKey(id), StringCodec.INSTANCE).getAllAsync(fields);
            }

            @Override
            public boolean holds(Map<String, String> hash, double deadline) {
                String retainUntil = hash.get("retainUntil");
                String status = hash.get("status");
                return status != null && (retainUntil == null // written before commits recorded it
                        ? !SummaryFields.RUNNING.equals(status)
                        : !retainUntil.isEmpty() && Long.parseLong(retainUntil) == (long) deadline);
            }
        });
    }

    @Override
    public boolean remove(String executionId, long version, Instant nameReservedUntil) {
        int shard = keys.shardOf(executionId);
        List<Object> reply = REMOVE.run(script, ReturnType.MULTI, List.of(keys.hashKey(executionId), keys.outboxKey(executionId),
                keys.historyKey(executionId), keys.retiredKey(executionId), keys.claimsKey(executionId), keys.sentKey(executionId),
                keys.historyGoneKey(shard)), Long.toString(version), Long.toString(nameReservedUntil.toEpochMilli()), executionId,
                keys.claimKeysOf(executionId));
        if ((Long) reply.getFirst() != 1L) {
            return false;
        }
        if ("1".equals(reply.get(4)) && history.enabled()) { // else the next pass of a store given objects does it
            new HistoryGone(redisson, keys, history).delete(shard, executionId);
        }
        List<String> sets = new ArrayList<>(List.of(keys.allIndex(shard), keys.expiryKey(shard), keys.pendingKey(shard)));
        for (int i = 1; i < 4; i++) {
            String set = (String) reply.get(i);
            if (set != null && !set.isEmpty()) {
                sets.add(set);
            }
        }
        RBatch batch = redisson.createBatch();
        for (String set : sets) { // a crash before this leaves entries of a gone execution, which readers skip
            batch.getScoredSortedSet(set, StringCodec.INSTANCE).removeAsync(executionId);
        }
        batch.execute();
        return true;
    }

    /**
     * With the claims and the queue of the same client: a commit and its sends (a completion and its result) in one
     * round trip ({@link RedisCoupledWrites}); on Cluster as on one node, since an execution's keys, claims and queue
     * messages share its shard's slot.
     */
    @Override
    public Optional<CoupledWrites> coupledWith(IdempotencyStore claims, TaskQueue queue) {
        if (claims instanceof RedisIdempotencyStore c && queue instanceof RedisTaskQueue q && c.client() == redisson
                && q.client() == redisson) {
            return Optional.of(new RedisCoupledWrites(redisson, this, c, q));
        }
        return Optional.empty();
    }

    @Override
    public Optional<ExecutionSummary> retired(String executionId) {
        String record = redisson.<String>getBucket(keys.retiredKey(executionId), StringCodec.INSTANCE).get();
        if (record == null) {
            return Optional.empty();
        }
        // The summary's fields, then the partition (records retired before it was kept have none).
        List<String> fields = List.of(record.split("\n", -1));
        int n = SummaryFields.SUMMARY.size();
        return fields.size() == n || fields.size() == n + 1
                ? Optional.of(SummaryFields.summary(executionId, fields.subList(0, n), fields.size() > n ? fields.get(n) : null))
                : Optional.empty();
    }
}
