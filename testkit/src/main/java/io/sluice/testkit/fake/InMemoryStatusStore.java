package io.sluice.testkit.fake;

import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The status table in memory, for fast tests; it passes the same contract suite as the real ones. */
public final class InMemoryStatusStore implements StatusStore {
    private static final Comparator<StatusRecord> NEWEST_FIRST = Comparator
            .comparing(StatusRecord::started, Comparator.nullsLast(Comparator.<Instant>reverseOrder()))
            .thenComparing(StatusRecord::executionId);

    private final Map<String, StatusRecord> rows = new HashMap<>();

    @Override
    public synchronized Upserted upsert(StatusRecord record) {
        StatusRecord current = rows.get(record.executionId());
        if (current != null && !record.replaces(current)) {
            return new Upserted(current, false);
        }
        StatusRecord next = current == null ? record : record.over(current);
        rows.put(record.executionId(), next);
        return new Upserted(next, true);
    }

    @Override
    public synchronized Optional<StatusRecord> get(String executionId) {
        return Optional.ofNullable(rows.get(executionId));
    }

    @Override
    public synchronized List<StatusRecord> find(String pipeline, String partition, int limit) {
        return rows.values().stream()
                .filter(r -> r.pipeline().equals(pipeline) && (partition == null || Objects.equals(partition, r.partition())))
                .sorted(NEWEST_FIRST).limit(limit).toList();
    }
}
