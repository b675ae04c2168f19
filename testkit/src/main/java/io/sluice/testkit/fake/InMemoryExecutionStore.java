package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
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
public final class InMemoryExecutionStore implements ExecutionStore {
    private record Entry(StoredExecution execution, List<String> history, Instant outboxAt) {}

    private final Map<String, Entry> entries = new HashMap<>();

    @Override
    public synchronized Optional<StoredExecution> load(String executionId) {
        Entry e = entries.get(executionId);
        return e == null ? Optional.empty() : Optional.of(e.execution);
    }

    @Override
    public synchronized CommitResult commit(Commit c) {
        Entry current = entries.get(c.executionId());
        long version = current == null ? 0 : current.execution.version();
        if (version != c.expectedVersion()) {
            return new CommitResult.Conflict(version);
        }
        List<String> history = new ArrayList<>(current == null ? List.of() : current.history);
        history.addAll(c.history());
        StoredExecution next = new StoredExecution(c.summary(), c.state(), c.outbox(), version + 1);
        entries.put(c.executionId(), new Entry(next, history, c.outbox().isEmpty() ? null : c.at()));
        return new CommitResult.Committed(version + 1);
    }

    @Override
    public synchronized boolean clearOutbox(String executionId, long version) {
        Entry e = entries.get(executionId);
        if (e == null || e.execution.version() != version) {
            return false;
        }
        StoredExecution ex = e.execution;
        entries.put(executionId, new Entry(new StoredExecution(ex.summary(), ex.state(), List.of(), ex.version()), e.history, null));
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
    public synchronized List<ExecutionSummary> list(String pipeline, String status, int limit) {
        return entries.values().stream().map(e -> e.execution.summary())
                .filter(s -> pipeline == null || pipeline.equals(s.pipeline()))
                .filter(s -> status == null || status.equals(s.status()))
                .sorted(Comparator.comparing(ExecutionSummary::startTime).reversed().thenComparing(ExecutionSummary::executionId))
                .limit(limit).toList();
    }
}
