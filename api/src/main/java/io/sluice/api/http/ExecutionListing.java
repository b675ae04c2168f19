package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.page.ExecutionScan;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /v1/executions}: one page of the executions the caller may see that pass an {@link ExecutionQuery}, each with
 * the partition it was started for (from its summary). A tenant's list without a pipeline filter merges its pipelines'
 * lists; a pipeline it does not see lists as empty, as a pipeline that never ran does.
 *
 * <p>In the store's order (newest start first) a page is read from the store by its cursor ({@link ExecutionScan}): the
 * token carries the cursor, so pages go on however many executions there are, and a filter the store has no index for
 * reads at most {@value ExecutionScan#BUDGET} executions a page (a page may then hold fewer rows and a token). By status,
 * the same holds: the statuses are listed one after the other, each from its own index, newest first within one. Any
 * other order (stop time, name, pipeline, duration, oldest first) has no index: it sorts the newest {@value #SORT_BOUND}
 * executions of the pipeline and status asked for, and when there are more it says so and where the sort begins
 * ({@code truncated}, {@code sortedFrom}: every execution that passes the filters and started from then on is in it; a
 * list with {@code until} set to it sorts the older ones), rather than a wrong order over everything. The Step Functions
 * console sorts only the pages it has loaded, and Temporal's UI lists by start time only.
 */
final class ExecutionListing {
    /** The most executions a bounded order reads and sorts, for each page. */
    static final int SORT_BOUND = 10_000;
    private final ExecutionControl executions;

    ExecutionListing(ExecutionControl executions) {
        this.executions = executions;
    }

    /**
     * @param sortedFrom when an order was applied to the newest {@value #SORT_BOUND} executions and there are more: the
     *                   start time from which on every execution that passes the filters was sorted; {@code null} when
     *                   the order holds over the whole listing
     */
    record Page(List<ExecutionSummary> rows, String nextToken, Instant sortedFrom) {
        Page(List<ExecutionSummary> rows, String nextToken) {
            this(rows, nextToken, null);
        }

        boolean truncated() {
            return sortedFrom != null;
        }

        ObjectNode json() {
            ObjectNode out = Json.object();
            ArrayNode list = out.putArray("executions");
            rows.forEach(s -> list.add(ExecutionViews.summary(s)));
            if (nextToken != null) {
                out.put("nextToken", nextToken);
            }
            if (sortedFrom != null) {
                out.put("truncated", true).put("sortedFrom", sortedFrom.toString()).put("sortBound", SORT_BOUND);
            }
            return out;
        }
    }

    Page page(Caller caller, ExecutionQuery q) {
        if (q.storeOrder()) {
            ExecutionScan.Page page = ExecutionScan.page(source(caller, q.pipeline(), q.status()), q.start(), q::keeps, q::past,
                    q.limit(), ExecutionScan.BUDGET);
            return new Page(page.rows(), page.next() == null ? null : q.token(page.next()));
        }
        return q.bounded() ? sorted(caller, q) : byStatus(caller, q);
    }

    /** By status: each status's executions from its own index, in the store's order, then the next status's. */
    private Page byStatus(Caller caller, ExecutionQuery q) {
        List<String> statuses = q.statuses();
        List<ExecutionSummary> rows = new ArrayList<>();
        int budget = ExecutionScan.BUDGET;
        ExecutionCursor from = q.start();
        for (int lane = q.offset(); lane < statuses.size(); lane++, from = q.top()) {
            ExecutionScan.Page page = ExecutionScan.page(source(caller, q.pipeline(), statuses.get(lane)), from, q::keeps, q::past,
                    q.limit() - rows.size(), budget);
            rows.addAll(page.rows());
            if (page.next() != null) {
                return new Page(rows, q.token(lane, page.next()));
            }
            if (rows.size() == q.limit() || page.read() >= budget) { // full, or read all a page may: go on at the next status
                return new Page(rows, lane + 1 < statuses.size() ? q.token(lane + 1, null) : null);
            }
            budget -= page.read();
        }
        return new Page(rows, null);
    }

    /** Any other order: the newest {@value #SORT_BOUND} sorted, a page of them by offset. */
    private Page sorted(Caller caller, ExecutionQuery q) {
        ExecutionScan.Page newest = ExecutionScan.page(source(caller, q.pipeline(), q.status()), q.top(), q::keeps, q::past,
                SORT_BOUND, SORT_BOUND);
        List<ExecutionSummary> kept = new ArrayList<>(newest.rows());
        Instant sortedFrom = null;
        if (newest.next() != null) {
            // Reading stopped inside the cursor's millisecond: its executions go with the older ones, so that the sort holds
            // exactly those from the next millisecond on, and a list until then exactly the rest.
            long stop = newest.next().startMillis();
            kept.removeIf(s -> s.startTime().toEpochMilli() <= stop);
            sortedFrom = Instant.ofEpochMilli(stop + 1);
        }
        kept.sort(q.comparator());
        int from = Math.min(q.offset(), kept.size());
        int to = Math.min(kept.size(), q.offset() + q.limit());
        return new Page(List.copyOf(kept.subList(from, to)), to < kept.size() ? q.token(to) : null, sortedFrom);
    }

    /** The store's pages of {@code pipeline} and {@code status} ({@code null}: any) that the caller sees. */
    private ExecutionScan.Source source(Caller caller, String pipeline, String status) {
        if (pipeline != null) {
            return caller.sees(pipeline) ? (after, n) -> executions.list(pipeline, status, after, n) : (after, n) -> List.of();
        }
        if (caller instanceof Caller.TenantKey t) {
            return (after, n) -> {
                List<ExecutionSummary> found = new ArrayList<>();
                for (String p : t.pipelines()) {
                    found.addAll(executions.list(p, status, after, n));
                }
                found.sort(ExecutionCursor.ORDER);
                return found.subList(0, Math.min(n, found.size()));
            };
        }
        return (after, n) -> executions.list(null, status, after, n);
    }
}
