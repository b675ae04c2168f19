package io.sluice.azure.servicebus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ServiceBusTaskQueue} over a {@link ScriptedServiceBus}: no Service Bus namespace or emulator runs here
 * (Service Bus speaks AMQP), so these tests check what the adapter asks of Service Bus and what it makes of the
 * answers, not Service Bus itself. They cannot prove that sessions keep order, that duplicate detection drops a
 * repeated MessageId, that a scheduled message joins its session in the order the port promises, or that
 * MaxDeliveryCount dead-letters, nor anything about {@link SdkServiceBusChannel}: those rest on the queues being
 * created as the class comment says, and are for a test against a real namespace.
 */
class ServiceBusTaskQueueTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    private ScriptedServiceBus bus;
    private ServiceBusTaskQueue queue;

    @BeforeEach
    void setUp() {
        bus = new ScriptedServiceBus();
        queue = new ServiceBusTaskQueue(bus, name -> name.equals("orchestrator"), 3, new ManualClock(T0));
    }

    @Test
    void aGroupIsASessionAndAnIdIsTheMessageIdForDuplicateDetection() {
        queue.send("orchestrator", new OutgoingMessage("{}", Map.of("traceparent", "t")).inGroup("exec-1", "cmd-7"), Duration.ZERO);
        queue.send("orchestrator", OutgoingMessage.of("loose"), Duration.ZERO);
        queue.send("orchestrator", OutgoingMessage.of("long").inGroup("g".repeat(200), "i".repeat(200)), Duration.ZERO);

        assertThat(bus.sent.get(0)).satisfies(m -> {
            assertThat(m.sessionId()).isEqualTo("exec-1");
            assertThat(m.messageId()).isEqualTo("cmd-7");
            assertThat(m.properties()).containsEntry("traceparent", "t");
        });
        assertThat(bus.sent.get(1).sessionId()).as("a session of its own").isNotBlank().isNotEqualTo("exec-1");
        assertThat(bus.sent.get(2).sessionId()).hasSize(64).isEqualTo(ServiceBusTaskQueue.bounded("g".repeat(200)));
        assertThat(bus.sent.get(2).messageId()).hasSize(64);
    }

    @Test
    void aDelayIsAScheduledEnqueueAndAGroupOnAQueueWithoutSessionsIsRefused() {
        queue.send("task-worker", OutgoingMessage.of("later"), Duration.ofHours(2));
        assertThat(bus.scheduled.keySet()).singleElement().satisfies(e -> {
            assertThat(e.body()).isEqualTo("later");
            assertThat(e.sessionId()).isNull();
        });
        assertThat(bus.scheduled.values()).containsExactly(T0.plus(Duration.ofHours(2)));
        assertThat(queue.maxDelay()).isGreaterThanOrEqualTo(Duration.ofDays(365));
        assertThatThrownBy(() -> queue.send("task-worker", OutgoingMessage.of("x").inGroup("g", null), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sessions");
        assertThatThrownBy(() -> queue.send("task-worker", OutgoingMessage.of("x"), Duration.ofDays(400)))
                .hasMessageContaining("TimerIndex");
    }

    @Test
    void aReceiveTakesTheHeadOfEachAvailableSessionAndHoldsTheSessionUntilTheHeadIsAcknowledged() {
        bus.offerInSession("orchestrator", "a", "a1", 1);
        bus.offerInSession("orchestrator", "a", "a2", 1);
        bus.offerInSession("orchestrator", "b", "b1", 1);

        List<ReceivedMessage> first = queue.receive("orchestrator", 10, VISIBLE, Duration.ofSeconds(1));
        assertThat(first).extracting(ReceivedMessage::body).containsExactly("a1", "b1");
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).as("a2 waits: session a is held").isEmpty();

        queue.acknowledge("orchestrator", first.getFirst().receipt());
        assertThat(bus.calls).containsSubsequence("complete a1", "release session a");
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).extracting(ReceivedMessage::body).containsExactly("a2");
    }

    @Test
    void aMessageDeliveredMoreThanMaxReceivesIsDeadLetteredNotReturned() {
        bus.offer("task-worker", "poison", 4);
        bus.offer("task-worker", "healthy", 3);
        bus.offerInSession("orchestrator", "g", "poison-head", 4);

        assertThat(queue.receive("task-worker", 10, VISIBLE, Duration.ZERO)).singleElement()
                .satisfies(m -> assertThat(m.receiveCount()).isEqualTo(3));
        assertThat(queue.receive("orchestrator", 10, VISIBLE, Duration.ZERO)).isEmpty();
        assertThat(bus.calls).contains("dead-letter poison Sluice.MaxReceives: delivered 4 times, more than the 3 receives Sluice allows",
                "release session g");
        assertThat(queue.deadLetterQueue("task-worker")).isEqualTo("task-worker/$deadletterqueue");
        bus.offer("task-worker/$deadletterqueue", "poison", 4);
        assertThat(queue.receive(queue.deadLetterQueue("task-worker"), 10, VISIBLE, Duration.ZERO))
                .as("the dead-letter sub-queue is read as it is").extracting(ReceivedMessage::body).containsExactly("poison");
    }

    @Test
    void extendingVisibilityRenewsTheMessageLockOrTheSessionLock() {
        bus.offer("task-worker", "work", 1);
        bus.offerInSession("orchestrator", "g", "step", 1);
        ReceivedMessage work = queue.receive("task-worker", 1, VISIBLE, Duration.ZERO).getFirst();
        ReceivedMessage step = queue.receive("orchestrator", 1, VISIBLE, Duration.ZERO).getFirst();

        queue.extendVisibility("task-worker", work.receipt(), Duration.ofMinutes(5));
        queue.extendVisibility("orchestrator", step.receipt(), Duration.ofMinutes(5));

        assertThat(bus.calls).contains("renew work", "renew session g");
    }

    @Test
    void aLostLockFailsTheExtensionAndAnUnknownOrRepeatedAcknowledgementDoesNothing() {
        var inbound = bus.offer("task-worker", "slow", 1);
        ReceivedMessage slow = queue.receive("task-worker", 1, VISIBLE, Duration.ZERO).getFirst();
        bus.loseLock(inbound);

        assertThatThrownBy(() -> queue.extendVisibility("task-worker", slow.receipt(), VISIBLE))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("delivered again");
        int before = bus.calls.size();
        queue.acknowledge("task-worker", slow.receipt());
        queue.acknowledge("task-worker", "lock-from-another-process");
        assertThat(bus.calls).hasSize(before);
    }
}
