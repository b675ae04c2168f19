package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionStubs;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An execution store in memory, for fast tests; it passes the same contract suite as the real ones. */
public final class InMemoryExecutionStore implements ExecutionStore, ExecutionStubs {
    private record Entry(StoredExecution execution, List<String> history, Instant outboxAt, Instant retainUntil) {}

    private final Map<String, Entry> entries = new HashMap<>();
    /** Removed executions' summaries; kept for good (a fake has no clock to end a name's reservation). */
    private final Map<String, ExecutionSummary> retired = new HashMap<>();

    @Override
    public synchronized Optional<StoredExecution> load(String executionId) {
        Entry e = entries.get(executionId);
        return e == null ? Optional.empty() : Optional.of(e.execution);
    }

    @Override
    public synchronized CommitResult commit(Commit c) {
        Entry current = entries.get(c.executionId());
        long version = current == null ? 0 : current.execution.version();
        if (version != c.expectedVersion() || (current == null && retired.containsKey(c.executionId()))
                || (current != null && current.execution.stub())) {
            return new CommitResult.Conflict(version);
        }
        List<String> history = new ArrayList<>(current == null ? List.of() : current.history);
        history.addAll(c.history());
        StoredExecution next = new StoredExecution(c.summary(), c.state(), c.outbox(), version + 1);
        entries.put(c.executionId(), new Entry(next, history, c.outbox().isEmpty() ? null : c.at(), c.retainUntil()));
        return new CommitResult.Committed(version + 1);
    }

    @Override
    public synchronized boolean stub(String executionId, long version) {
        Entry e = entries.get(executionId);
        if (e == null || e.execution.version() != version || e.execution.stub() || !e.execution.outbox().isEmpty()
                || !"RUNNING".equals(e.execution.summary().status())) {
            return false;
        }
        entries.put(executionId, new Entry(new StoredExecution(e.execution.summary(), "", List.of(), version), List.of(), null, null));
        return true;
    }

    @Override
    public List<String> storedHistory(String executionId) {
        return history(executionId);
    }

    @Override
    public List<String> resolve(String executionId, List<String> stored) {
        return stored;
    }

    @Override
    public synchronized boolean restore(ExecutionSummary summary, long version, String state, List<String> history) {
        Entry e = entries.get(summary.executionId());
        if (e == null || e.execution.version() != version || !e.execution.stub()) {
            return false;
        }
        entries.put(summary.executionId(), new Entry(new StoredExecution(e.execution.summary(), state, List.of(), version), List.copyOf(history),
                null, e.retainUntil));
        return true;
    }

    @Override
    public synchronized boolean clearOutbox(String executionId, long version) {
        Entry e = entries.get(executionId);
        if (e == null || e.execution.version() != version) {
            return false;
        }
        StoredExecution ex = e.execution;
        entries.put(executionId, new Entry(new StoredExecution(ex.summary(), ex.state(), List.of(), ex.version()), e.history, null,
                e.retainUntil));
        return true;
    }

    @Override
    public synchronized List<String> pendingOutboxes(Instant committedBefore, int limit) {
        return entries.entrySet().stream()
                .filter(e -> e.getValue().outboxAt != null && !e.getValue().outboxAt.isAfter(committedBefore))
                .sorted(Comparator.comparing(e -> e.getValue().outboxAt))
                .limit(limit).map(Map.Entry::getKey).toList();
    }

    @Override
    public synchronized List<String> history(String executionId, int fromIndex, int limit) {
        Entry e = entries.get(executionId);
        if (e == null || fromIndex >= e.history.size()) {
            return List.of();
        }
        return List.copyOf(e.history.subList(fromIndex, Math.min(e.history.size(), fromIndex + limit)));
    }

    @Override
    public synchronized List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit) {
        return entries.values().stream().map(e -> e.execution.summary())
                .filter(s -> pipeline == null || pipeline.equals(s.pipeline()))
                .filter(s -> status == null || status.equals(s.status()))
                .filter(s -> after == null || after.precedes(s))
                .sorted(ExecutionCursor.ORDER)
                .limit(Math.max(limit, 0)).toList();
    }

    @Override
    public synchronized List<String> expired(Instant now, int limit) {
        return entries.entrySet().stream()
                .filter(e -> e.getValue().retainUntil != null && !e.getValue().retainUntil.isAfter(now))
                .sorted(Comparator.comparing((Map.Entry<String, Entry> e) -> e.getValue().retainUntil).thenComparing(Map.Entry::getKey))
                .limit(limit).map(Map.Entry::getKey).toList();
    }

    @Override
    public synchronized boolean remove(String executionId, long version, Instant nameReservedUntil) {
        Entry e = entries.get(executionId);
        if (e == null || e.execution.version() != version || !e.execution.outbox().isEmpty()
                || "RUNNING".equals(e.execution.summary().status())) {
            return false;
        }
        entries.remove(executionId);
        retired.put(executionId, e.execution.summary());
        return true;
    }

    @Override
    public synchronized Optional<ExecutionSummary> retired(String executionId) {
        return Optional.ofNullable(retired.get(executionId));
    }
}
