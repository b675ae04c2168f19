package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The dead letters a host keeps to show and redrive, per tenant: what the {@code dlq-handler} consumed,
 * one letter per dead-lettered message (a message recorded again counts up and moves its last seen).
 * Bounded: past the store's bound the letter seen longest ago is dropped. {@code tenant} is the owner of
 * the message's pipeline as the runtime says, {@code null} for the platform's own (no tenants, or a
 * message that names no execution); one tenant never reads another's letters.
 */
public interface DeadLetterStore {

    /** Records {@code letter} (its {@code count}, {@code firstSeen} and {@code lastSeen} are the store's); answers it as stored. */
    DeadLetter record(String tenant, NewLetter letter, Instant at);

    /** Every queue {@code tenant} has letters of, with how many and the earliest first and latest last seen, by queue name. */
    List<QueueSummary> queues(String tenant);

    /** Letters of {@code tenant}, latest last seen first, of {@code queue} ({@code null}: of every queue), {@code limit} from {@code from}. */
    List<DeadLetter> list(String tenant, String queue, int from, int limit);

    Optional<DeadLetter> find(String tenant, String id);

    /** Removes the letter; {@code true} when this call removed it, {@code false} when it was not there (any more). */
    boolean remove(String tenant, String id);

    /**
     * A message as the handler received it, its body and attributes already without secrets.
     *
     * @param id      the letter's id: the same message from the same queue, the same id ([0-9a-f]{32})
     * @param complete {@code false} when something was left out of body or attributes (a secret-looking field, a cut), so the
     *                letter cannot be re-sent as it was
     * @param error   why it was dead-lettered, as a sentence
     */
    record NewLetter(String id, String queue, String messageId, String executionId, String body, Map<String, String> attributes,
                     boolean complete, String error) {
        public NewLetter {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(queue, "queue");
            attributes = Map.copyOf(attributes);
        }
    }

    /** A letter as kept: the message, how often it was recorded, when first and last. */
    record DeadLetter(NewLetter message, int count, Instant firstSeen, Instant lastSeen) {
        public String id() {
            return message.id();
        }
    }

    record QueueSummary(String queue, long messages, Instant firstSeen, Instant lastSeen) {}
}
