package io.sluice.orchestration.port;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A message queue with at-least-once delivery: a received message stays invisible for a while and
 * comes back unless acknowledged; after {@link #maxReceives()} receives it goes to the queue's
 * dead-letter queue instead.
 */
public interface TaskQueue {

    /** The longest delay {@link #send} supports; longer waits belong in the {@link TimerIndex}. */
    Duration maxDelay();

    /** How many receives a message gets before it is dead-lettered. */
    int maxReceives();

    void send(String queue, OutgoingMessage message, Duration delay);

    /** Up to {@code max} messages, waiting at most {@code wait} for the first. */
    List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait);

    void acknowledge(String queue, String receipt);

    void extendVisibility(String queue, String receipt, Duration visibility);

    /** The name of {@code queue}'s dead-letter queue, readable with {@link #receive}. */
    String deadLetterQueue(String queue);

    record OutgoingMessage(String body, Map<String, String> attributes) {
        public OutgoingMessage {
            attributes = Map.copyOf(attributes);
        }

        public static OutgoingMessage of(String body) {
            return new OutgoingMessage(body, Map.of());
        }
    }

    record ReceivedMessage(String messageId, String receipt, String body, Map<String, String> attributes, int receiveCount) {
        public ReceivedMessage {
            attributes = Map.copyOf(attributes);
        }
    }
}
