package io.sluice.functions.nested;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;

/**
 * How a child's end reaches its parent: the task result for the parent's token, and a stop for a child
 * whose parent gave up; each on the orchestrator's queue, deduplicated (a result by its token, a stop by
 * its child), so a redelivered completion sends nothing twice within the queue's window, and the
 * orchestrator drops what comes later.
 */
public final class ParentReports {
    private final TaskQueue queue;
    private final QueueNames names;

    public ParentReports(TaskQueue queue, QueueNames names) {
        this.queue = queue;
        this.names = names;
    }

    public void succeeded(String token, JsonNode output) {
        send(new OrchestratorMessage.TaskResult(token, output, null, null), OrchestratorSends.resultId(token));
    }

    public void failed(String token, String error, String cause) {
        send(new OrchestratorMessage.TaskResult(token, null, error, cause), OrchestratorSends.resultId(token));
    }

    /** Stops {@code executionId} (it ends ABORTED, with Step Functions' {@code States.Aborted}). */
    public void stop(String executionId, String cause) {
        send(new OrchestratorMessage.Stop(executionId, null, cause), "stop:" + executionId);
    }

    private void send(OrchestratorMessage message, String id) {
        queue.send(names.orchestrator(), OrchestratorSends.of(message, id), Duration.ZERO);
    }
}
