package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.maprun.MapRunProgress;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * DescribeMapRun's {@code executionCounts} and {@code itemCounts}, shaped as the API reference's MapRunExecutionCounts and
 * MapRunItemCounts (https://docs.aws.amazon.com/step-functions/latest/apireference/API_MapRunExecutionCounts.html,
 * API_MapRunItemCounts.html): {@code pending, running, succeeded, failed, timedOut, aborted, total, resultsWritten,
 * failuresNotRedrivable, pendingRedrive}, every one a required count of 0 or more. A child is counted as one item too
 * (what it is without an ItemBatcher). Redrive is not offered for map runs, so nothing is pending redrive nor
 * redrivable.
 */
final class MapRunCounts {
    private MapRunCounts() {}

    /**
     * From the map-run store's record and counts, without listing the children: {@code pending} the children not started
     * yet once the reader has given its last item ({@code total} until then: the children started so far), {@code running}
     * the STANDARD children started and not ended (EXPRESS children run inside the coordinator and are counted as they
     * end, so none is shown running), {@code succeeded}, and {@code failed} every other end: the store counts a child
     * that failed, timed out, was aborted or could not start as one failure, so {@code timedOut} and {@code aborted} are 0.
     */
    static ObjectNode of(MapRunProgress p) {
        long pending = Math.max(0, p.pending());
        long running = Math.max(0, p.running());
        long total = p.total() >= 0 ? p.total() : p.succeeded() + p.failed() + running;
        return counts(pending, running, p.succeeded(), p.failed(), 0, 0, total);
    }

    /** From the run's child executions, by their status; a child not started yet is no execution, so none is pending. */
    static ObjectNode of(List<ExecutionSummary> children) {
        Map<String, Long> by = new HashMap<>();
        children.forEach(c -> by.merge(c.status(), 1L, Long::sum));
        return counts(0, by.getOrDefault("RUNNING", 0L), by.getOrDefault("SUCCEEDED", 0L), by.getOrDefault("FAILED", 0L),
                by.getOrDefault("TIMED_OUT", 0L), by.getOrDefault("ABORTED", 0L), children.size());
    }

    private static ObjectNode counts(long pending, long running, long succeeded, long failed, long timedOut, long aborted, long total) {
        return Fields.object().put("pending", pending).put("running", running).put("succeeded", succeeded).put("failed", failed)
                .put("timedOut", timedOut).put("aborted", aborted).put("total", total).put("resultsWritten", 0L)
                .put("failuresNotRedrivable", 0L).put("pendingRedrive", 0L);
    }
}
