package io.sluice.functions.events.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.HistoryEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The events of interest in one committed transition, read from the history lines it adds: the execution
 * started, a task's retry was scheduled, the execution ended. The ids are those of the commit
 * ({@code <execution id>/<version>/e<n>}), so the sweeper re-sending an outbox re-sends the same events.
 */
public final class TransitionEvents {
    private TransitionEvents() {}

    /** @param commitId {@code <execution id>/<version>} of the commit that adds {@code history} */
    public static List<ExecutionEvent> of(String pipeline, Execution execution, List<HistoryEvent> history, String commitId) {
        List<ExecutionEvent> out = new ArrayList<>();
        String partition = partition(execution);
        for (HistoryEvent h : history) {
            ExecutionEvent.Kind kind = switch (h.type()) {
                case EXECUTION_STARTED, EXECUTION_REDRIVEN -> ExecutionEvent.Kind.STARTED;
                case EXECUTION_SUCCEEDED -> ExecutionEvent.Kind.SUCCEEDED;
                case EXECUTION_FAILED, EXECUTION_TIMED_OUT -> ExecutionEvent.Kind.FAILED;
                case EXECUTION_ABORTED -> ExecutionEvent.Kind.ABORTED;
                case TASK_RETRY_SCHEDULED -> ExecutionEvent.Kind.RETRIED;
                default -> null;
            };
            if (kind == null) {
                continue;
            }
            JsonNode d = h.detail();
            boolean task = kind == ExecutionEvent.Kind.RETRIED;
            String status = switch (kind) {
                case STARTED, RETRIED -> "RUNNING";
                default -> execution.status().name();
            };
            out.add(new ExecutionEvent(commitId + "/e" + out.size(), kind, execution.id(), pipeline, partition, status,
                    text(d, "error"), text(d, "cause"), task ? h.state() : null, task && d != null ? d.path("retry").asInt(0) : 0, h.at()));
        }
        return out;
    }

    private static String partition(Execution execution) {
        return io.sluice.functions.events.FinishedExecution.partitionOf(execution.input());
    }

    private static String text(JsonNode d, String field) {
        return d != null && d.hasNonNull(field) ? d.get(field).asText() : null;
    }
}
