package io.sluice.functions.orchestrator;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The {@code dlq-handler} function: a message that failed {@code maxReceives} times is poison. The
 * execution it belongs to fails with {@code Sluice.PoisonMessage} (no Retry or Catch hides it), so
 * it does not hang; other executions never see it. A message that names no execution is logged.
 */
public final class DeadLetterHandler {
    public static final String POISON = "Sluice.PoisonMessage";
    private static final Logger LOG = Logger.getLogger(DeadLetterHandler.class.getName());

    private final TaskQueue queue;
    private final QueueNames names;

    public DeadLetterHandler(TaskQueue queue, QueueNames names) {
        this.queue = queue;
        this.names = names;
    }

    /** Handles one dead-lettered message from {@code sourceQueue}; returns the execution it failed, or {@code null}. */
    public String handle(String sourceQueue, ReceivedMessage message) {
        String executionId = message.attributes().get("executionId");
        if (executionId == null) {
            LOG.warning("dead-lettered message " + message.messageId() + " from " + sourceQueue + " names no execution; dropped");
            return null;
        }
        if (message.body().contains("\"type\":\"abandon\"")) {
            LOG.warning("an abandon message for " + executionId + " was itself dead-lettered; the execution's state needs a look");
            return null;
        }
        String cause = "A message for this execution failed " + queue.maxReceives() + " times on queue '" + sourceQueue
                + "' and was dead-lettered (message " + message.messageId() + ").";
        queue.send(names.orchestrator(), new OutgoingMessage(MessageCodec.encode(new OrchestratorMessage.Abandon(executionId, POISON, cause)),
                Map.of("executionId", executionId)), Duration.ZERO);
        return executionId;
    }
}
