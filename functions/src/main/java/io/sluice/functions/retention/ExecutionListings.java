package io.sluice.functions.retention;

import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Lists executions across the store and the archive, newest start first. The store answers for what
 * it holds; the status table, which has a row for every archived run ({@link ExecutionReaper} writes
 * it), names the archived ones, and their retired records (kept while their names are reserved) hold
 * their summaries, so a list reads no archive object. Retention removes
 * runs after they finished, so archived runs are, but for a run that outlived its neighbours, older
 * than the held ones: a page the store fills alone is the answer, and the archive only fills the rest.
 */
public final class ExecutionListings {
    /** Rows read at most to fill one page with archived runs, so a list never scans a pipeline's whole table. */
    private static final int MAX_ROWS = 10_000;

    private final ExecutionStore store;
    private final StatusStore index;
    private final Supplier<? extends Iterable<String>> pipelines;

    /**
     * @param index     the status table; {@code null}: lists show the store only
     * @param pipelines every pipeline, for a list of all pipelines' runs
     */
    public ExecutionListings(ExecutionStore store, StatusStore index, Supplier<? extends Iterable<String>> pipelines) {
        this.store = store;
        this.index = index;
        this.pipelines = pipelines;
    }

    /** {@code pipeline} and {@code status} {@code null} for any; at most {@code limit}. */
    public List<ExecutionSummary> list(String pipeline, String status, int limit) {
        return list(pipeline, status, null, limit);
    }

    /**
     * The page after {@code after} ({@code null}: the first), at most {@code limit}, in {@link ExecutionCursor#ORDER}: the
     * store's page, and when it runs short the archived runs after the cursor fill it (found among the newest rows of the
     * status table, as above).
     */
    public List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit) {
        List<ExecutionSummary> held = store.list(pipeline, status, after, limit);
        if (index == null || held.size() >= limit) {
            return held;
        }
        List<ExecutionSummary> all = new ArrayList<>(held);
        Set<String> seen = new HashSet<>();
        held.forEach(s -> seen.add(s.executionId()));
        if (pipeline != null) {
            all.addAll(archived(pipeline, status, after, limit, seen));
        } else {
            for (String p : pipelines.get()) {
                all.addAll(archived(p, status, after, limit, seen));
            }
        }
        all.sort(ExecutionCursor.ORDER);
        return all.size() > limit ? List.copyOf(all.subList(0, limit)) : all;
    }

    /** Up to {@code limit} archived runs of {@code pipeline}, newest first, from its rows; the held ones skipped. */
    private List<ExecutionSummary> archived(String pipeline, String status, ExecutionCursor after, int limit, Set<String> seen) {
        List<ExecutionSummary> found = new ArrayList<>();
        int rows = Math.max(2 * limit, 16);
        while (true) {
            List<StatusRecord> page = index.find(pipeline, null, rows);
            found.clear();
            for (StatusRecord r : page) {
                if (found.size() == limit) {
                    break;
                }
                if (!r.state().terminal() || (status != null && !r.state().name().equals(status)) || seen.contains(r.executionId())) {
                    continue;
                }
                // The retired record names an archived run (a held one has none) and holds its summary.
                store.retired(r.executionId()).filter(s -> status == null || s.status().equals(status))
                        .filter(s -> after == null || after.precedes(s)).ifPresent(found::add);
            }
            if (found.size() == limit || page.size() < rows || rows >= MAX_ROWS) {
                found.forEach(s -> seen.add(s.executionId()));
                return found;
            }
            rows = Math.min(MAX_ROWS, rows * 4);
        }
    }
}
