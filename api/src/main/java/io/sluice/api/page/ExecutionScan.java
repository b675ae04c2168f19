package io.sluice.api.page;

import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One page of a listing that keeps some of what the store lists ({@code keep}: a filter the store has no index for), read
 * from the store page by page by cursor. Reading stops when the page is full (and one more is known to follow), when the
 * listing ends, or when {@link #BUDGET} executions were read without filling it: the page then holds what was kept and
 * its cursor where reading stopped, so a rare filter over a long listing answers promptly, page after page, rather than
 * reading every execution in one request.
 */
public final class ExecutionScan {
    /** The most executions one page reads from the store. */
    public static final int BUDGET = 10_000;
    private static final int MIN_READ = 100;
    private static final int MAX_READ = 1_000;

    private ExecutionScan() {}

    /** A page of the store's listing: what follows {@code after} ({@code null}: from the newest), at most {@code limit}. */
    @FunctionalInterface
    public interface Source {
        List<ExecutionSummary> page(ExecutionCursor after, int limit);
    }

    /**
     * @param next where the following page starts, {@code null} when the listing has no more
     * @param read how many executions were read from the store for it
     */
    public record Page(List<ExecutionSummary> rows, ExecutionCursor next, int read) {}

    /**
     * Up to {@code limit} executions after {@code from} that {@code keep} keeps, in the store's order; {@code end} says
     * an execution and everything after it are past what is asked for (older than a {@code since}).
     */
    public static Page page(Source source, ExecutionCursor from, Predicate<ExecutionSummary> keep, Predicate<ExecutionSummary> end,
                            int limit, int budget) {
        List<ExecutionSummary> kept = new ArrayList<>();
        ExecutionCursor cursor = from;
        int read = 0;
        while (true) {
            int n = Math.max(1, Math.min(Math.min(Math.max(limit + 1 - kept.size(), MIN_READ), MAX_READ), budget - read));
            List<ExecutionSummary> found = source.page(cursor, n);
            for (ExecutionSummary s : found) {
                read++;
                if (end.test(s)) {
                    return new Page(kept, null, read);
                }
                if (keep.test(s)) {
                    if (kept.size() == limit) { // one more than the page: the page ends at its last row
                        return new Page(kept, ExecutionCursor.after(kept.getLast()), read);
                    }
                    kept.add(s);
                }
                cursor = ExecutionCursor.after(s);
            }
            if (found.size() < n) {
                return new Page(kept, null, read);
            }
            if (read >= budget) {
                return new Page(kept, cursor, read);
            }
        }
    }
}
