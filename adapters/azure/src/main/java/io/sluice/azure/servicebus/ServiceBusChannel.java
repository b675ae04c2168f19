package io.sluice.azure.servicebus;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The few Service Bus operations {@link ServiceBusTaskQueue} uses, so that its logic can be tested without
 * a namespace: Service Bus speaks AMQP, and no emulator runs here. {@link SdkServiceBusChannel} is the one
 * over the Azure SDK ({@code ServiceBusSenderClient}, {@code ServiceBusReceiverClient},
 * {@code ServiceBusSessionReceiverClient}). Settlement goes back through the receiver that received a
 * message, as Service Bus requires, so an {@link Inbound} carries that receiver's handle.
 */
public interface ServiceBusChannel extends AutoCloseable {

    /** A message to send: {@code messageId} is what duplicate detection compares; {@code sessionId} null on queues without sessions. */
    record Outbound(String body, Map<String, String> properties, String messageId, String sessionId) {
        public Outbound {
            properties = Map.copyOf(properties);
        }
    }

    /** A received, peek-locked message; {@code handle} is the SDK's message (and receiver), opaque here. */
    record Inbound(String messageId, String lockToken, String body, Map<String, String> properties, int deliveryCount,
                   String sessionId, Object handle) {
        public Inbound {
            properties = Map.copyOf(properties);
        }
    }

    /** A session accepted by this process: its messages, in order, are this receiver's alone until {@link #close}. */
    interface Session extends AutoCloseable {
        String id();

        List<Inbound> receive(int max, Duration wait);

        /** Renews the session lock; when it now ends. */
        Instant renewLock();

        /** Releases the session, so that any consumer may accept it again. */
        @Override
        void close();
    }

    void send(String queue, Outbound message);

    /** Scheduled enqueue: the message becomes available at {@code at}. */
    void schedule(String queue, Outbound message, Instant at);

    /** Up to {@code max} messages of a queue without sessions, or of its dead-letter sub-queue. */
    List<Inbound> receive(String queue, boolean deadLetterSubQueue, int max, Duration wait);

    /** The next session of {@code queue} with a message available, or empty when none comes within {@code wait}. */
    Optional<Session> acceptNextSession(String queue, Duration wait);

    /** Completes the message; {@code false} when its lock (or its session's) was lost, so it will be delivered again. */
    boolean complete(Inbound message);

    /** Moves the message to its queue's dead-letter sub-queue with a reason and a sentence. */
    void deadLetter(Inbound message, String reason, String description);

    /** Renews the message's lock; when it now ends. Empty when the lock was lost. */
    Optional<Instant> renewLock(Inbound message);

    @Override
    void close();
}
