package io.sluice.azure.entry;

import io.sluice.azure.host.SluiceAzureHostProperties;
import io.sluice.azure.queue.StorageTaskQueue;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.util.Optional;
import java.util.function.Predicate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Hands a Storage Queue message that a queue trigger delivered to a Sluice handler, through the
 * {@link StorageTaskQueue} that sent it (which keeps its groups, deduplication and dead letters): done, the
 * message is acknowledged; not done, or failed, the invocation throws, so the host leaves the message and
 * delivers it again after {@code host.json}'s {@code visibilityTimeout}. The host's {@code maxDequeueCount}
 * is set above {@code sluice.azure.storage.max-receives}, so Sluice's {@code <queue>-dlq}, not the host's
 * {@code -poison} queue, receives what keeps failing.
 */
@Component
public class StorageDeliveries {
    private final ObjectProvider<StorageTaskQueue> queue;
    private final SluiceAzureHostProperties host;

    public StorageDeliveries(ObjectProvider<StorageTaskQueue> queue, SluiceAzureHostProperties host) {
        this.queue = queue;
        this.host = host;
    }

    /** One delivered message: its text and the trigger's binding data {@code Id}, {@code PopReceipt}, {@code DequeueCount}. */
    public record Delivered(String queue, String id, String popReceipt, String text, long dequeueCount) {}

    public void deliver(Delivered message, Predicate<ReceivedMessage> handler) {
        StorageTaskQueue q = queue.getIfAvailable();
        if (q == null) {
            throw new IllegalStateException("function for Storage Queue '" + message.queue() + "' ran, but this app's transport is not"
                    + " Storage Queues: set sluice.queue=storage and sluice.azure.storage.connection-string (or .account-endpoint),"
                    + " or disable the storage-* functions (AzureWebJobs.<name>.Disabled=true)");
        }
        Optional<ReceivedMessage> received = q.delivered(message.queue(), message.id(), message.popReceipt(), message.text(),
                message.dequeueCount(), host.lease());
        if (received.isEmpty()) {
            return; // a doorbell with nothing to ring for now, or a message moved to the dead-letter queue
        }
        ReceivedMessage m = received.get();
        if (!handler.test(m)) {
            throw new NotDoneException(message.queue(), m.messageId());
        }
        q.acknowledge(message.queue(), m.receipt());
    }

    /** The message must come back later (another worker holds its task); the host redelivers it. */
    public static final class NotDoneException extends RuntimeException {
        NotDoneException(String queue, String messageId) {
            super("message " + messageId + " of queue " + queue + " is not done yet; the queue delivers it again");
        }
    }
}
