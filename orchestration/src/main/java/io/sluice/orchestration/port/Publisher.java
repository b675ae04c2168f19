package io.sluice.orchestration.port;

import java.util.List;
import java.util.Map;

/**
 * Messages to named targets: what {@code sns:publish}, {@code sqs:sendMessage} and {@code events:putEvents}
 * send on hosts without those services. On AWS the real services; on Azure Service Bus or Event Grid;
 * locally a topic that tests, the console and webhooks read back ({@link #read}).
 *
 * <p>Publishing is idempotent by message id: publishing the same id to the same target again returns the
 * first receipt and adds nothing, so a task that runs again after its publish landed sends nothing twice.
 */
public interface Publisher {

    /** Publishes {@code message} to {@code target} of {@code namespace} (a tenant's), or returns the receipt of its id's first publish. */
    Published publish(String namespace, Target target, Message message);

    /** Up to {@code max} messages of the target after {@code after} ({@code null}: from the oldest kept), oldest first. */
    List<Delivered> read(String namespace, Target target, String after, int max);

    /** Where a message goes: a topic (SNS), a queue (SQS) or an event bus (EventBridge), by name. */
    record Target(Kind kind, String name) {
        public enum Kind { TOPIC, QUEUE, BUS }

        public Target {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a publish target needs a name");
            }
        }
    }

    /** A message: its id (stable across a task's redeliveries), its body and its attributes as text. */
    record Message(String id, String body, Map<String, String> attributes) {
        public Message {
            attributes = Map.copyOf(attributes);
        }
    }

    /** The receipt: the message's id and where it stands in the target ({@code position}, increasing). */
    record Published(String messageId, String position) {}

    /** A message as read back, with its position. */
    record Delivered(String position, Message message) {}
}
