package io.sluice.functions.deadletter;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.port.DeadLetterStore;
import io.sluice.orchestration.port.DeadLetterStore.DeadLetter;
import io.sluice.orchestration.port.DeadLetterStore.NewLetter;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import io.sluice.orchestration.definition.ContentHash;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The dead letters of a host: the {@code dlq-handler} records each message it consumes (under the tenant of the
 * pipeline its {@code executionId} names); the API lists them and redrives one: its message goes back to the queue
 * it was dead-lettered from, once, and the letter is removed. A redrive sent twice (two clicks, a retried request)
 * sends one message: the send carries an id the queue deduplicates by, and the second finds no letter.
 */
public final class DeadLetters {
    private final DeadLetterStore store;
    private final TaskQueue queue;
    private final QueueNames names;
    private final Tenancy tenancy;
    private final Clock clock;

    public DeadLetters(DeadLetterStore store, TaskQueue queue, QueueNames names, Tenancy tenancy, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.names = Objects.requireNonNull(names, "names");
        this.tenancy = Objects.requireNonNull(tenancy, "tenancy");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records {@code message}, dead-lettered from {@code sourceQueue}; {@code failedExecution} is the execution failed for it, if any. */
    public DeadLetter record(String sourceQueue, ReceivedMessage message, String failedExecution) {
        String executionId = message.attributes().get("executionId");
        LetterText.Kept kept = LetterText.of(message.body(), message.attributes());
        String error = message.attributes().containsKey("error")
                ? message.attributes().get("error") + (message.attributes().containsKey("cause") ? ": " + message.attributes().get("cause") : "")
                : "not acknowledged after " + queue.maxReceives() + " deliveries";
        if (failedExecution != null) {
            error += "; execution " + failedExecution + " was failed for it";
        }
        NewLetter letter = new NewLetter(idOf(sourceQueue, message.messageId()), sourceQueue, message.messageId(), executionId, kept.body(),
                kept.attributes(), kept.complete(), error);
        return store.record(tenantOf(executionId), letter, clock.instant());
    }

    public List<DeadLetterStore.QueueSummary> queues(String tenant) {
        return store.queues(tenant);
    }

    public List<DeadLetter> list(String tenant, String queueName, int from, int limit) {
        return store.list(tenant, queueName, from, limit);
    }

    /** What a redrive did. */
    public sealed interface Redrive {
        record Sent(DeadLetter letter) implements Redrive {}

        /** No such letter of the tenant: never was, or already redriven. */
        record NotFound(String id) implements Redrive {}

        /** Something was left out of the kept message (a secret, a cut), so it is not re-sent. */
        record Incomplete(DeadLetter letter) implements Redrive {}
    }

    public Redrive redrive(String tenant, String id) {
        Optional<DeadLetter> found = store.find(tenant, id);
        if (found.isEmpty()) {
            return new Redrive.NotFound(id);
        }
        DeadLetter letter = found.get();
        NewLetter m = letter.message();
        if (!m.complete()) {
            return new Redrive.Incomplete(letter);
        }
        // Orchestrator messages go back into their execution's group, so they apply in order with its others.
        String group = m.queue().equals(names.orchestrator()) ? m.executionId() : null;
        queue.send(m.queue(), new OutgoingMessage(m.body(), m.attributes(), group, "redrive:" + id + "@" + letter.lastSeen().toEpochMilli()),
                Duration.ZERO);
        store.remove(tenant, id);
        return new Redrive.Sent(letter);
    }

    private String tenantOf(String executionId) {
        if (executionId == null || executionId.indexOf(':') <= 0) {
            return null;
        }
        return tenancy.tenantOf(executionId.substring(0, executionId.indexOf(':'))).orElse(null);
    }

    /** The letter id of message {@code messageId} from {@code queue}: 32 hex digits of their SHA-256. */
    static String idOf(String queue, String messageId) {
        return HexFormat.of().formatHex(ContentHash.sha256(queue + "\n" + messageId), 0, 16);
    }
}
