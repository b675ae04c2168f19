package io.sluice.functions.orchestrator;

import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.logging.Logger;

/**
 * The {@code dlq-handler} function: a message that failed {@code maxReceives} times is poison. The
 * execution it belongs to fails with {@code Sluice.PoisonMessage} (no Retry or Catch hides it), so
 * it does not hang; other executions never see it. A message that names no execution is logged.
 * Every dead-lettered message also raises an alert, once per message. Every host's dead-letter
 * consumer calls it with the message as its queue gave it (id, body, attributes) and the queue it was
 * dead-lettered from. A host that keeps dead letters ({@link DeadLetters}) has each recorded, to list and redrive.
 */
public final class DeadLetterHandler {
    public static final String POISON = "Sluice.PoisonMessage";
    private static final Logger LOG = Logger.getLogger(DeadLetterHandler.class.getName());

    private final TaskQueue queue;
    private final QueueNames names;
    private final AlertSink alerts;
    private final DeadLetters letters;
    private final RuntimeObserver observer;

    public DeadLetterHandler(TaskQueue queue, QueueNames names) {
        this(queue, names, AlertSink.NONE);
    }

    /** @param alerts usually an {@code OncePerIncident}, so a message handled twice alerts once */
    public DeadLetterHandler(TaskQueue queue, QueueNames names, AlertSink alerts) {
        this(queue, names, alerts, null);
    }

    /** @param letters where each message is recorded, to be listed and redriven; {@code null} on a host that keeps none */
    public DeadLetterHandler(TaskQueue queue, QueueNames names, AlertSink alerts, DeadLetters letters) {
        this(queue, names, alerts, letters, RuntimeObserver.NONE);
    }

    /** @param observer told of each dead letter's arrival */
    public DeadLetterHandler(TaskQueue queue, QueueNames names, AlertSink alerts, DeadLetters letters, RuntimeObserver observer) {
        this.observer = java.util.Objects.requireNonNull(observer, "observer");
        this.queue = queue;
        this.names = names;
        this.alerts = alerts;
        this.letters = letters;
    }

    /** Handles one dead-lettered message from {@code sourceQueue}; returns the execution it failed, or {@code null}. */
    public String handle(String sourceQueue, ReceivedMessage message) {
        observer.deadLettered(sourceQueue);
        String failed = failExecution(sourceQueue, message);
        if (letters != null) {
            letters.record(sourceQueue, message, failed);
        }
        LOG.warning("message " + message.messageId() + " on " + sourceQueue + " was dead-lettered"
                + (failed == null ? "" : "; execution " + failed + " fails with " + POISON));
        alerts.fire(new Alert("dead-letter:" + message.messageId(), Severity.ERROR,
                "A message was dead-lettered on queue '" + sourceQueue + "'",
                "Message " + message.messageId() + " failed " + queue.maxReceives() + " times"
                        + (failed == null ? "; no execution was failed for it (the dlq-handler log says why)." : "; execution " + failed + " was failed with " + POISON + ".")));
        return failed;
    }

    private String failExecution(String sourceQueue, ReceivedMessage message) {
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
        // In the execution's group like every orchestrator message (so it is applied in order), with one id per
        // dead-lettered message (so the same message handled twice sends one Abandon).
        queue.send(names.orchestrator(), OrchestratorSends.of(new OrchestratorMessage.Abandon(executionId, POISON, cause),
                "abandon:" + message.messageId()), Duration.ZERO);
        return executionId;
    }
}
