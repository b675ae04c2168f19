package io.sluice.azure.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.azure.storage.queue.QueueClient;
import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the contract does not reach: a sender that died half-way, a group's poison head, limits. Against
 * Azurite.
 */
class StorageTaskQueueRecoveryTest {
    private static final String TABLE = AzuriteClients.newTableName("recovery");
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    private StorageTaskQueue queue;
    private String name;

    @BeforeEach
    void setUp() {
        queue = new StorageTaskQueue(AzuriteClients.queues(), AzuriteClients.tables(), TABLE, 2, Clock.systemUTC());
        name = "r-" + UUID.randomUUID().toString().substring(0, 12);
    }

    private List<ReceivedMessage> awaitMessages(String queueName) {
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(15)).until(() -> got.addAll(queue.receive(queueName, 10, VISIBLE, Duration.ZERO)));
        return got;
    }

    /** A sender that died after enqueuing its (hidden) message and before appending it to the group: the message is not lost. */
    @Test
    void aGroupMessageWhoseSenderDiedBeforeAppendingItIsDeliveredInItsGroup() {
        queue.send(name, OutgoingMessage.of("warm-up").inGroup("g", null), Duration.ZERO); // creates the queue
        ReceivedMessage first = awaitMessages(name).getFirst();
        queue.acknowledge(name, first.receipt());
        QueueClient raw = AzuriteClients.queues().getQueueClient(name);
        raw.sendMessage(QueueEnvelope.join("orphan", Map.of("k", "v"), "g", null, "id-1").encode());

        ReceivedMessage orphan = awaitMessages(name).getFirst();

        assertThat(orphan.body()).isEqualTo("orphan");
        assertThat(orphan.attributes()).containsEntry("k", "v");
        assertThat(orphan.messageId()).isEqualTo("id-1");
        queue.acknowledge(name, orphan.receipt());
        assertThat(queue.receive(name, 10, VISIBLE, Duration.ofSeconds(1))).isEmpty();
    }

    /** The head of a group that keeps failing goes to the dead-letter queue, and the group goes on with its next message. */
    @Test
    void aGroupsPoisonHeadIsDeadLetteredAndTheGroupGoesOn() {
        queue.send(name, OutgoingMessage.of("poison").inGroup("g", null), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("next").inGroup("g", null), Duration.ZERO);
        List<Integer> counts = new ArrayList<>();
        List<ReceivedMessage> next = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (ReceivedMessage m : queue.receive(name, 10, Duration.ofSeconds(1), Duration.ZERO)) {
                if (m.body().equals("poison")) {
                    counts.add(m.receiveCount()); // never acknowledged
                } else {
                    next.add(m);
                }
            }
            return !next.isEmpty();
        });
        assertThat(counts).containsExactly(1, 2);
        assertThat(next).extracting(ReceivedMessage::body).containsExactly("next");
        assertThat(awaitMessages(queue.deadLetterQueue(name))).extracting(ReceivedMessage::body).containsExactly("poison");
    }

    /** Extending a message's visibility gives it a new pop receipt; the receipt handed out still acknowledges it. */
    @Test
    void aReceiptStillAcknowledgesAfterItsVisibilityWasExtendedTwice() {
        queue.send(name, OutgoingMessage.of("plain"), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("grouped").inGroup("g", "c-1"), Duration.ZERO);
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(15)).until(() -> {
            got.addAll(queue.receive(name, 10, Duration.ofSeconds(2), Duration.ZERO));
            return got.size() == 2;
        });
        for (ReceivedMessage m : got) {
            queue.extendVisibility(name, m.receipt(), Duration.ofSeconds(3));
            queue.extendVisibility(name, m.receipt(), VISIBLE);
            queue.acknowledge(name, m.receipt());
        }
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(6))
                .until(() -> queue.receive(name, 10, VISIBLE, Duration.ZERO).isEmpty());
    }

    @Test
    void limitsAreRefusedWithASentence() {
        assertThatThrownBy(() -> queue.send("Not_A_Queue", OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Storage Queue name");
        assertThatThrownBy(() -> queue.send(name, OutgoingMessage.of("x".repeat(60_000)), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ClaimCheckQueue");
        assertThatThrownBy(() -> queue.send(name, OutgoingMessage.of("x"), Duration.ofDays(8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TimerIndex");
    }

    @Test
    void receiptsRoundTrip() {
        QueueReceipt grouped = new QueueReceipt("m-1", "AgAAAA==", "exec|1/é", 42, "token");
        assertThat(QueueReceipt.parse(grouped.encode())).isEqualTo(grouped);
        QueueReceipt plain = QueueReceipt.plain("m-2", "pop+/=");
        assertThat(QueueReceipt.parse(plain.encode())).isEqualTo(plain);
    }
}
