package io.sluice.api.sfn;

import io.sluice.api.port.ExecutionControl;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.List;
import java.util.function.Predicate;

/**
 * The executions ListExecutions shows, as the service shows them: a state machine's own runs without its distributed
 * Maps' child executions, which are listed only by their map run's ARN ({@code mapRunArn}); and, for a version ARN, only
 * the runs of that version. The runtime lists a machine's executions newest first; a page of ListExecutions is read by
 * the store's cursor ({@link #page}), the map runs' reads of every child in growing windows ({@link #kept}).
 */
final class ExecutionListing {
    private ExecutionListing() {}

    /** At least {@code wanted} kept executions of {@code machine} (with {@code status}), newest first, or all there are. */
    static List<ExecutionSummary> kept(ExecutionControl executions, String machine, String status, int wanted, Predicate<ExecutionSummary> keep) {
        int window = Math.max(wanted, 1);
        while (true) {
            List<ExecutionSummary> found = executions.list(machine, status, window);
            List<ExecutionSummary> kept = found.stream().filter(keep).toList();
            if (kept.size() >= wanted || found.size() < window || window >= Integer.MAX_VALUE / 4) {
                return kept;
            }
            window *= 4;
        }
    }

    /** A page of what {@code keep} keeps of {@code machine}'s executions (with {@code status}) after {@code from}. */
    static io.sluice.api.page.ExecutionScan.Page page(ExecutionControl executions, String machine, String status,
                                                      io.sluice.orchestration.port.ExecutionCursor from, Predicate<ExecutionSummary> keep,
                                                      int size) {
        return io.sluice.api.page.ExecutionScan.page((after, n) -> executions.list(machine, status, after, n), from, keep, s -> false, size,
                io.sluice.api.page.ExecutionScan.BUDGET);
    }

    /** The machine's own runs: no distributed Map child. */
    static Predicate<ExecutionSummary> ownRuns() {
        return s -> !MapRunArns.isChild(s.name());
    }

    /** The children of one map run. */
    static Predicate<ExecutionSummary> childrenOf(MapRunArns.MapRunRef run) {
        return s -> run.hasChild(s.name());
    }
}
