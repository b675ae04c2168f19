package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.page.ExecutionScan;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /v1/executions}: one page of the executions the caller may see that pass an {@link ExecutionQuery}, each with
 * the partition it was started for (from its summary). A tenant's list without a pipeline filter merges its pipelines'
 * lists; a pipeline it does not see lists as empty, as a pipeline that never ran does.
 *
 * <p>In the store's order (newest start first) a page is read from the store by its cursor ({@link ExecutionScan}): the
 * token carries the cursor, so pages go on however many executions there are, and a filter the store has no index for
 * reads at most {@value ExecutionScan#BUDGET} executions a page (a page may then hold fewer rows and a token). Another
 * order sorts the newest {@value #SORT_SCAN} kept executions and says so ({@code truncated}) when there are more.
 */
final class ExecutionListing {
    static final int SORT_SCAN = 2000;
    private final ExecutionControl executions;

    ExecutionListing(ExecutionControl executions) {
        this.executions = executions;
    }

    /** @param truncated the order was applied to the newest {@value #SORT_SCAN} kept executions, and there are more */
    record Page(List<ExecutionSummary> rows, String nextToken, boolean truncated) {
        ObjectNode json() {
            ObjectNode out = Json.object();
            ArrayNode list = out.putArray("executions");
            rows.forEach(s -> list.add(ExecutionViews.summary(s)));
            if (nextToken != null) {
                out.put("nextToken", nextToken);
            }
            if (truncated) {
                out.put("truncated", true);
            }
            return out;
        }
    }

    Page page(Caller caller, ExecutionQuery q) {
        ExecutionScan.Source source = source(caller, q);
        if (q.storeOrder()) {
            ExecutionScan.Page page = ExecutionScan.page(source, q.start(), q::keeps, q::past, q.limit(), ExecutionScan.BUDGET);
            return new Page(page.rows(), page.next() == null ? null : q.token(page.next()), false);
        }
        ExecutionScan.Page newest = ExecutionScan.page(source, q.start(), q::keeps, q::past, SORT_SCAN, ExecutionScan.BUDGET);
        List<ExecutionSummary> kept = new ArrayList<>(newest.rows());
        kept.sort(q.comparator());
        int from = Math.min(q.offset(), kept.size());
        int to = Math.min(kept.size(), q.offset() + q.limit());
        return new Page(List.copyOf(kept.subList(from, to)), to < kept.size() ? q.token(to) : null, newest.next() != null);
    }

    /** The store's pages of the query's pipeline and status that the caller sees. */
    private ExecutionScan.Source source(Caller caller, ExecutionQuery q) {
        if (q.pipeline() != null) {
            return caller.sees(q.pipeline()) ? (after, n) -> executions.list(q.pipeline(), q.status(), after, n) : (after, n) -> List.of();
        }
        if (caller instanceof Caller.TenantKey t) {
            return (after, n) -> {
                List<ExecutionSummary> found = new ArrayList<>();
                for (String p : t.pipelines()) {
                    found.addAll(executions.list(p, q.status(), after, n));
                }
                found.sort(ExecutionCursor.ORDER);
                return found.subList(0, Math.min(n, found.size()));
            };
        }
        return (after, n) -> executions.list(null, q.status(), after, n);
    }
}
