package io.sluice.orchestration.port;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A message queue with at-least-once delivery: a received message stays invisible for a while and
 * comes back unless acknowledged; after {@link #maxReceives()} receives it goes to the queue's
 * dead-letter queue instead.
 *
 * <p>Two promises make one execution's messages apply one at a time on every host, however many
 * processes consume the queue (as SQS FIFO message groups and Service Bus sessions do):
 * <ul>
 *   <li><b>Groups.</b> Messages sent with the same {@link OutgoingMessage#group()} are delivered one
 *       at a time, in the order they joined the group: while one is received and neither
 *       acknowledged nor past its visibility timeout (its lease), no other message of the group is
 *       delivered. A delayed message joins its group when its delay has passed, so a long timer
 *       never holds its group up. Messages without a group have no such order.</li>
 *   <li><b>Deduplication.</b> A send whose {@link OutgoingMessage#id()} was already sent to the
 *       same queue within {@link #DEDUPLICATION_WINDOW} is dropped, so re-sending a committed
 *       command is harmless.</li>
 * </ul>
 */
public interface TaskQueue {

    /** How long a message id is remembered for deduplication: SQS FIFO's five minutes. */
    Duration DEDUPLICATION_WINDOW = Duration.ofMinutes(5);

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

    /**
     * Up to {@code max} messages from the first of {@code queues} (in the order given: the priority
     * channels, highest first) that has any, waiting at most {@code wait} for one on any of them. This
     * default looks at each without waiting, then waits on the first (the highest channel) a short while
     * and looks again; a queue that can wait on several at once (Redis) does better for the lower ones.
     */
    default FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        if (queues.isEmpty()) {
            return FirstReceived.NONE;
        }
        // Counted in slices of FIRST_RECHECK rather than timed: the core reads no clock.
        long slices = Math.max(1, (Math.max(0, wait.toMillis()) + FIRST_RECHECK.toMillis() - 1) / FIRST_RECHECK.toMillis());
        for (long slice = 0; slice < slices; slice++) {
            for (String q : queues) {
                List<ReceivedMessage> got = receive(q, max, visibility, Duration.ZERO);
                if (!got.isEmpty()) {
                    return new FirstReceived(q, got);
                }
            }
            if (!wait.isPositive()) {
                return FirstReceived.NONE;
            }
            List<ReceivedMessage> got = receive(queues.get(0), max, visibility, FIRST_RECHECK.compareTo(wait) < 0 ? FIRST_RECHECK : wait);
            if (!got.isEmpty()) {
                return new FirstReceived(queues.get(0), got);
            }
        }
        return FirstReceived.NONE;
    }

    /** How long {@link #receiveFirst}'s default waits on the first queue before it looks at the others again. */
    Duration FIRST_RECHECK = Duration.ofMillis(100);

    /** What {@code queue} holds visible now, when the queue can tell; empty when it cannot. */
    default Optional<Backlog> backlog(String queue) {
        return Optional.empty();
    }

    /** Messages from {@code queue}; {@code queue} is {@code null} when there are none. */
    record FirstReceived(String queue, List<ReceivedMessage> messages) {
        public static final FirstReceived NONE = new FirstReceived(null, List.of());

        public FirstReceived {
            messages = List.copyOf(messages);
        }
    }

    /** @param visible messages receivable now; @param oldest how long the oldest of them has been receivable ({@link Duration#ZERO} if unknown) */
    record Backlog(long visible, Duration oldest) {}

    /**
     * @param group the ordering group (Sluice: the execution id), or {@code null} for none
     * @param id    a stable id for deduplication (Sluice: the command id), or {@code null} for none
     */
    record OutgoingMessage(String body, Map<String, String> attributes, String group, String id) {
        public OutgoingMessage {
            attributes = Map.copyOf(attributes);
        }

        public OutgoingMessage(String body, Map<String, String> attributes) {
            this(body, attributes, null, null);
        }

        public static OutgoingMessage of(String body) {
            return new OutgoingMessage(body, Map.of());
        }

        /** This message in {@code group}, deduplicated by {@code id}. */
        public OutgoingMessage inGroup(String group, String id) {
            return new OutgoingMessage(body, attributes, group, id);
        }

        /** The same message (group and id too) with another body and attributes. */
        public OutgoingMessage with(String body, Map<String, String> attributes) {
            return new OutgoingMessage(body, attributes, group, id);
        }
    }

    /**
     * One delivery of a message; {@code readAlong} is what the receive read with it for its handler (a queue that shares
     * a server with the stores, {@link CoupledWrites#readOnReceive}), {@link ReadAlong#NOTHING} elsewhere.
     */
    record ReceivedMessage(String messageId, String receipt, String body, Map<String, String> attributes, int receiveCount,
                           ReadAlong readAlong) {
        public ReceivedMessage {
            attributes = Map.copyOf(attributes);
            java.util.Objects.requireNonNull(readAlong, "readAlong");
        }

        public ReceivedMessage(String messageId, String receipt, String body, Map<String, String> attributes, int receiveCount) {
            this(messageId, receipt, body, attributes, receiveCount, ReadAlong.NOTHING);
        }

        /** This delivery with another body and attributes (a claim check's payload fetched back), what was read along kept. */
        public ReceivedMessage with(String body, Map<String, String> attributes) {
            return new ReceivedMessage(messageId, receipt, body, attributes, receiveCount, readAlong);
        }
    }
}
