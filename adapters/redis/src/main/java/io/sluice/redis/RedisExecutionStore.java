package io.sluice.redis;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Executions in Redis. Each {@link #commit} is one Lua script ({@code lua/execution-commit.lua}):
 * it checks the version, writes state, summary and outbox, appends the history lines, and moves
 * the execution in the listing indexes and the pending-outbox set, all or nothing.
 *
 * <p>Keys, with {@code P} the key prefix and {@code ID} the execution id:
 * <ul>
 *   <li>{@code P:exec:{ID}} hash: version, state, summary fields, and the names of the index sets
 *       the execution is in; {@code P:exec:{ID}:outbox} and {@code P:exec:{ID}:history} lists.
 *       The hash tag {@code {ID}} keeps one execution's keys in one Redis Cluster slot.</li>
 *   <li>Global indexes, sorted sets scored by start time (epoch ms): {@code P:idx:all},
 *       {@code P:idx:pipeline:<pipeline>}, {@code P:idx:status:<status>},
 *       {@code P:idx:pipeline-status:<status length>:<status>:<pipeline>}; and
 *       {@code P:outbox-pending}, scored by commit time, holding the executions whose outbox is not
 *       cleared yet; {@code P:expiry}, scored by the retention deadline of each finished execution
 *       ({@link Commit#retainUntil}), which the reaper reads.</li>
 *   <li>{@code P:retired:{ID}} string: the summary of an execution {@link #remove removed} (after it was
 *       archived), its fields in {@code SUMMARY_FIELDS} order joined by newlines, expiring when its name may be
 *       used again: a few hundred bytes instead of the execution's kilobytes.</li>
 * </ul>
 *
 * <p><b>Single node, and what Cluster needs.</b> The commit script touches the global indexes, which
 * live in other slots than the execution's keys (and it reads the old index names from the hash),
 * so it runs on a single Redis node or a primary with replicas, not on Cluster. On Cluster the
 * execution's own keys keep their one-script commit and the indexes move out of it, ordered so a
 * crash only ever leaves extra entries: before the commit, add the execution to its new index sets
 * and, if the outbox is non-empty, to {@code P:outbox-pending}; after it, remove it from the sets it
 * left. Readers treat an index as a hint — {@link #list} already re-checks each summary it loads,
 * the sweeper loads each pending execution and drops entries whose outbox is empty — and the
 * sweeper removes the leftovers. Nothing is lost that way; an entry can only be stale.
 *
 * <p>Listing ties on start time come in reverse id order (Redis sorts equal scores by member).
 */
public final class RedisExecutionStore implements ExecutionStore {
    private static final LuaScript COMMIT = LuaScript.load("execution-commit");
    private static final LuaScript LOAD = LuaScript.load("execution-load");
    private static final LuaScript CLEAR_OUTBOX = LuaScript.load("execution-clear-outbox");
    private static final LuaScript REMOVE = LuaScript.load("execution-remove");
    private static final List<String> SUMMARY_FIELDS = List.of("pipeline", "name", "status", "definitionHash", "startTime", "stopTime");
    private static final int LOADED_FIELDS = 8;
    private static final String RUNNING_STOP_TIME = "";

    private final RedissonClient redisson;
    private final RScript script;
    private final KeyPrefix prefix;

    /** @param keyPrefix first segment of every key this store writes; no braces */
    public RedisExecutionStore(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = redisson.getScript(StringCodec.INSTANCE);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Optional<StoredExecution> load(String executionId) {
        List<Object> reply = LOAD.run(script, ReturnType.MULTI, List.of(hashKey(executionId), outboxKey(executionId)));
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        List<String> fields = reply.stream().map(String.class::cast).toList();
        ExecutionSummary summary = summary(executionId, fields.subList(1, 7));
        return Optional.of(new StoredExecution(summary, fields.get(7), fields.subList(LOADED_FIELDS, fields.size()),
                Long.parseLong(fields.getFirst())));
    }

    @Override
    public CommitResult commit(Commit commit) {
        ExecutionSummary s = requireComplete(commit.summary());
        String id = s.executionId();
        List<Object> keys = List.of(hashKey(id), outboxKey(id), historyKey(id), pendingKey(), allIndex(),
                pipelineIndex(s.pipeline()), statusIndex(s.status()), pipelineStatusIndex(s.pipeline(), s.status()), expiryKey(),
                retiredKey(id));
        List<Object> args = new ArrayList<>(14 + commit.history().size() + commit.outbox().size());
        args.add(Long.toString(commit.expectedVersion()));
        args.add(id);
        args.add(Long.toString(commit.at().toEpochMilli()));
        args.add(Long.toString(s.startTime().toEpochMilli()));
        args.add(Integer.toString(commit.history().size()));
        args.add(Integer.toString(commit.outbox().size()));
        args.add(Objects.requireNonNull(commit.state(), "state"));
        args.addAll(List.of(s.pipeline(), s.name(), s.status(), s.definitionHash(), s.startTime().toString(),
                s.stopTime() == null ? RUNNING_STOP_TIME : s.stopTime().toString()));
        args.add(commit.retainUntil() == null ? "" : Long.toString(commit.retainUntil().toEpochMilli()));
        args.addAll(commit.history());
        args.addAll(commit.outbox());
        List<Long> reply = COMMIT.run(script, ReturnType.MULTI, keys, args.toArray());
        long version = reply.get(1);
        return reply.getFirst() == 1L ? new CommitResult.Committed(version) : new CommitResult.Conflict(version);
    }

    @Override
    public boolean clearOutbox(String executionId, long version) {
        Long cleared = CLEAR_OUTBOX.run(script, ReturnType.INTEGER,
                List.of(hashKey(executionId), outboxKey(executionId), pendingKey()), Long.toString(version), executionId);
        return cleared == 1L;
    }

    @Override
    public List<String> pendingOutboxes(Instant committedBefore, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        Collection<String> ids = redisson.<String>getScoredSortedSet(pendingKey(), StringCodec.INSTANCE)
                .valueRange(Double.NEGATIVE_INFINITY, true, committedBefore.toEpochMilli(), true, 0, limit);
        return List.copyOf(ids);
    }

    @Override
    public List<String> history(String executionId, int fromIndex, int limit) {
        if (fromIndex < 0) {
            throw new IllegalArgumentException("History starts at index 0, not " + fromIndex);
        }
        if (limit <= 0) {
            return List.of();
        }
        return redisson.<String>getList(historyKey(executionId), StringCodec.INSTANCE).range(fromIndex, fromIndex + limit - 1);
    }

    /**
     * Reads the ids from the one index that matches the filter, then the summaries in one batch. An
     * execution that moved between the two reads is left out rather than shown under a filter it no
     * longer matches, so under concurrent commits a page can come back short.
     */
    @Override
    public List<ExecutionSummary> list(String pipeline, String status, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        String index = pipeline == null
                ? (status == null ? allIndex() : statusIndex(status))
                : (status == null ? pipelineIndex(pipeline) : pipelineStatusIndex(pipeline, status));
        Collection<String> ids = redisson.<String>getScoredSortedSet(index, StringCodec.INSTANCE).valueRangeReversed(0, limit - 1);
        RBatch batch = redisson.createBatch();
        List<RFuture<Map<String, String>>> reads = new ArrayList<>(ids.size());
        Set<String> fields = new LinkedHashSet<>(SUMMARY_FIELDS);
        for (String id : ids) {
            reads.add(batch.<String, String>getMap(hashKey(id), StringCodec.INSTANCE).getAllAsync(fields));
        }
        batch.execute();
        List<ExecutionSummary> summaries = new ArrayList<>(ids.size());
        int i = 0;
        for (String id : ids) {
            Map<String, String> hash = reads.get(i++).toCompletableFuture().join();
            if (hash.size() == SUMMARY_FIELDS.size()) {
                ExecutionSummary s = summary(id, SUMMARY_FIELDS.stream().map(hash::get).toList());
                if ((pipeline == null || pipeline.equals(s.pipeline())) && (status == null || status.equals(s.status()))) {
                    summaries.add(s);
                }
            }
        }
        return summaries;
    }

    @Override
    public List<String> expired(Instant now, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        return List.copyOf(redisson.<String>getScoredSortedSet(expiryKey(), StringCodec.INSTANCE)
                .valueRange(Double.NEGATIVE_INFINITY, true, now.toEpochMilli(), true, 0, limit));
    }

    @Override
    public boolean remove(String executionId, long version, Instant nameReservedUntil) {
        Long removed = REMOVE.run(script, ReturnType.INTEGER, List.of(hashKey(executionId), outboxKey(executionId),
                historyKey(executionId), pendingKey(), allIndex(), expiryKey(), retiredKey(executionId)),
                Long.toString(version), executionId, Long.toString(nameReservedUntil.toEpochMilli()));
        return removed == 1L;
    }

    @Override
    public Optional<ExecutionSummary> retired(String executionId) {
        String record = redisson.<String>getBucket(retiredKey(executionId), StringCodec.INSTANCE).get();
        if (record == null) {
            return Optional.empty();
        }
        List<String> fields = List.of(record.split("\n", -1));
        return fields.size() == SUMMARY_FIELDS.size() ? Optional.of(summary(executionId, fields)) : Optional.empty();
    }

    /** Fields in {@link #SUMMARY_FIELDS} order. */
    private static ExecutionSummary summary(String executionId, List<String> f) {
        String stop = f.get(5);
        return new ExecutionSummary(executionId, f.get(0), f.get(1), f.get(2), f.get(3), Instant.parse(f.get(4)),
                stop.equals(RUNNING_STOP_TIME) ? null : Instant.parse(stop));
    }

    private static ExecutionSummary requireComplete(ExecutionSummary s) {
        Objects.requireNonNull(s, "summary");
        Objects.requireNonNull(s.executionId(), "summary.executionId");
        Objects.requireNonNull(s.pipeline(), "summary.pipeline");
        Objects.requireNonNull(s.name(), "summary.name");
        Objects.requireNonNull(s.status(), "summary.status");
        Objects.requireNonNull(s.definitionHash(), "summary.definitionHash");
        Objects.requireNonNull(s.startTime(), "summary.startTime");
        return s;
    }

    private String hashKey(String executionId) {
        return prefix.key("exec:{" + executionId + "}");
    }

    private String outboxKey(String executionId) {
        return hashKey(executionId) + ":outbox";
    }

    private String historyKey(String executionId) {
        return hashKey(executionId) + ":history";
    }

    private String expiryKey() {
        return prefix.key("expiry");
    }

    /** In the execution's slot (its hash tag), as a key of its own: it outlives the execution's other keys. */
    private String retiredKey(String executionId) {
        return prefix.key("retired:{" + executionId + "}");
    }

    private String pendingKey() {
        return prefix.key("outbox-pending");
    }

    private String allIndex() {
        return prefix.key("idx:all");
    }

    private String pipelineIndex(String pipeline) {
        return prefix.key("idx:pipeline:" + pipeline);
    }

    private String statusIndex(String status) {
        return prefix.key("idx:status:" + status);
    }

    /** The status's length makes the name unambiguous when a status or pipeline contains ':'. */
    private String pipelineStatusIndex(String pipeline, String status) {
        return prefix.key("idx:pipeline-status:" + status.length() + ":" + status + ":" + pipeline);
    }
}
