package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /v1/executions}: one page of the executions the caller may see that pass an {@link ExecutionQuery}, each with
 * the partition it was started for. A tenant's list without a pipeline filter merges its pipelines' lists; a pipeline it
 * does not see lists as empty, as a pipeline that never ran does.
 *
 * <p>The store lists newest first by start time. In that order a page needs the kept executions up to its end only, read
 * in growing windows (those before {@code since} end the reading). Another order sorts the newest {@value #SORT_SCAN}
 * kept executions and says so ({@code truncated}) when there are more. A partition is in the execution's input, not its
 * summary, so a partition filter reads the newest {@value #PARTITION_SCAN} that pass the other filters.
 */
final class ExecutionListing {
    static final int SORT_SCAN = 2000;
    static final int PARTITION_SCAN = 1000;
    /** The most summaries one page reads from the store. */
    static final int MAX_SCAN = 20_000;
    /** Partitions already read, by execution id and start time (a name used again starts another execution). */
    private static final int REMEMBERED = 10_000;
    private final ExecutionControl executions;
    private final Map<String, Optional<String>> remembered = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Optional<String>> eldest) {
                    return size() > REMEMBERED;
                }
            });

    ExecutionListing(ExecutionControl executions) {
        this.executions = executions;
    }

    /** An execution on a page, with its partition ({@code null}: it was started for none). */
    record Row(ExecutionSummary summary, String partition) {}

    /** @param truncated the order was applied to the newest {@value #SORT_SCAN} kept executions, and there are more */
    record Page(List<Row> rows, String nextToken, boolean truncated) {
        ObjectNode json() {
            ObjectNode out = Json.object();
            ArrayNode list = out.putArray("executions");
            for (Row r : rows) {
                ObjectNode o = ExecutionViews.summary(r.summary());
                if (r.partition() != null) {
                    o.put("partition", r.partition());
                }
                list.add(o);
            }
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
        int wanted = q.storeOrder() ? q.offset() + q.limit() + 1 : SORT_SCAN + 1;
        List<ExecutionSummary> kept = kept(caller, q, wanted);
        boolean truncated = false;
        if (!q.storeOrder()) {
            truncated = kept.size() > SORT_SCAN;
            kept = new ArrayList<>(kept.subList(0, Math.min(SORT_SCAN, kept.size())));
            kept.sort(q.comparator());
        }
        int from = Math.min(q.offset(), kept.size());
        int to = Math.min(kept.size(), q.offset() + q.limit());
        List<Row> rows = kept.subList(from, to).stream()
                .map(s -> new Row(s, partitionOf(s).orElse(null))).toList();
        return new Page(rows, to < kept.size() ? q.token(to) : null, truncated);
    }

    /** At least {@code wanted} executions that pass the filters, newest first, or all there are. */
    private List<ExecutionSummary> kept(Caller caller, ExecutionQuery q, int wanted) {
        int cap = q.partition() == null ? MAX_SCAN : PARTITION_SCAN;
        int window = Math.min(cap, Math.max(wanted, 100));
        while (true) {
            List<ExecutionSummary> found = newest(caller, q, window);
            List<ExecutionSummary> kept = new ArrayList<>();
            for (ExecutionSummary s : found) {
                if (q.keeps(s) && (q.partition() == null
                        || q.partition().equals(partitionOf(s).orElse(null)))) {
                    kept.add(s);
                }
            }
            boolean older = q.since() != null && !found.isEmpty() && found.getLast().startTime().isBefore(q.since());
            if (kept.size() >= wanted || found.size() < window || older || window >= cap) {
                return kept;
            }
            window = Math.min(cap, window * 4);
        }
    }

    /** The newest {@code limit} executions of the query's pipeline and status that the caller sees. */
    private List<ExecutionSummary> newest(Caller caller, ExecutionQuery q, int limit) {
        if (q.pipeline() != null) {
            return caller.sees(q.pipeline()) ? executions.list(q.pipeline(), q.status(), limit) : List.of();
        }
        if (caller instanceof Caller.TenantKey t) {
            List<ExecutionSummary> found = new ArrayList<>();
            for (String p : t.pipelines()) {
                found.addAll(executions.list(p, q.status(), limit));
            }
            found.sort(Comparator.comparing(ExecutionSummary::startTime).reversed());
            return found.subList(0, Math.min(limit, found.size()));
        }
        return executions.list(null, q.status(), limit);
    }

    /**
     * The partition an execution was started for: its input's top-level {@code partition}, where the start puts it. The
     * input never changes, so it is read once (the live list asks again every second).
     */
    private Optional<String> partitionOf(ExecutionSummary s) {
        String key = s.executionId() + "@" + s.startTime();
        Optional<String> known = remembered.get(key);
        if (known != null) {
            return known;
        }
        Optional<ExecutionControl.Described> described = executions.describe(s.executionId());
        Optional<String> found = described.map(d -> d.execution().input()).filter(JsonNode::isObject)
                .map(in -> in.path("partition")).filter(JsonNode::isTextual).map(JsonNode::asText);
        if (described.isPresent()) {
            remembered.put(key, found);
        }
        return found;
    }
}
