package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link TaskQueue} passes this suite against real time: visibility timeouts and delays are a
 * second or two, and the tests wait for them with awaitility, never a sleep.
 */
public abstract class TaskQueueContract {
    private static final Duration VISIBLE = Duration.ofSeconds(30);
    private static final Duration NO_WAIT = Duration.ZERO;

    private TaskQueue queue;
    private String name;

    protected abstract TaskQueue createQueue();

    /** A fresh queue name per test; real adapters create the queue (and its dead-letter queue) on first use or here. */
    protected String newQueueName() {
        return "q-" + UUID.randomUUID().toString().substring(0, 12);
    }

    @BeforeEach
    void setUp() {
        queue = createQueue();
        name = newQueueName();
    }

    private List<ReceivedMessage> receiveAll(int max, Duration visibility) {
        return queue.receive(name, max, visibility, Duration.ofSeconds(1));
    }

    @Test
    void aSentMessageIsReceivedWithItsAttributesAndGoneOnceAcknowledged() {
        queue.send(name, new OutgoingMessage("{\"n\":1}", Map.of("traceparent", "00-abc-def-01")), Duration.ZERO);
        List<ReceivedMessage> got = receiveAll(10, VISIBLE);
        assertThat(got).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("{\"n\":1}");
            assertThat(m.attributes()).containsEntry("traceparent", "00-abc-def-01");
            assertThat(m.receiveCount()).isEqualTo(1);
        });
        queue.acknowledge(name, got.getFirst().receipt());
        assertThat(queue.receive(name, 10, Duration.ofSeconds(1), NO_WAIT)).isEmpty();
    }

    @Test
    void anUnacknowledgedMessageComesBackAfterItsVisibilityTimeout() {
        queue.send(name, OutgoingMessage.of("again"), Duration.ZERO);
        assertThat(receiveAll(1, Duration.ofSeconds(1))).hasSize(1);
        assertThat(queue.receive(name, 1, Duration.ofSeconds(1), NO_WAIT)).isEmpty();
        List<ReceivedMessage> back = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> back.addAll(queue.receive(name, 1, VISIBLE, NO_WAIT)));
        assertThat(back.getFirst().body()).isEqualTo("again");
        assertThat(back.getFirst().receiveCount()).isEqualTo(2);
    }

    @Test
    void extendingVisibilityKeepsTheMessageHidden() {
        queue.send(name, OutgoingMessage.of("long work"), Duration.ZERO);
        ReceivedMessage m = receiveAll(1, Duration.ofSeconds(1)).getFirst();
        queue.extendVisibility(name, m.receipt(), VISIBLE);
        await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(4))
                .until(() -> queue.receive(name, 1, VISIBLE, NO_WAIT).isEmpty());
        queue.acknowledge(name, m.receipt());
    }

    @Test
    void aDelayedMessageStaysHiddenUntilItsDelayPasses() {
        queue.send(name, OutgoingMessage.of("later"), Duration.ofSeconds(2));
        assertThat(queue.receive(name, 1, VISIBLE, NO_WAIT)).isEmpty();
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> got.addAll(queue.receive(name, 1, VISIBLE, NO_WAIT)));
        assertThat(got.getFirst().body()).isEqualTo("later");
        assertThat(queue.maxDelay()).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aBatchReceiveReturnsUpToMaxMessages() {
        for (int i = 0; i < 7; i++) {
            queue.send(name, OutgoingMessage.of("m" + i), Duration.ZERO);
        }
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            got.addAll(queue.receive(name, 5, VISIBLE, NO_WAIT));
            return got.size() >= 7;
        });
        assertThat(got).extracting(ReceivedMessage::body).containsExactlyInAnyOrder("m0", "m1", "m2", "m3", "m4", "m5", "m6");
        assertThat(queue.receive(name, 10, VISIBLE, Duration.ofSeconds(1)).size()).isLessThanOrEqualTo(5).isZero();
    }

    @Test
    void aPoisonMessageMovesToTheDeadLetterQueueAfterMaxReceives() {
        queue.send(name, OutgoingMessage.of("poison"), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("healthy"), Duration.ZERO);
        int receives = 0;
        List<ReceivedMessage> healthy = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
        while (receives < queue.maxReceives() && System.nanoTime() < deadline) {
            for (ReceivedMessage m : queue.receive(name, 10, Duration.ofSeconds(1), Duration.ofSeconds(1))) {
                if (m.body().equals("poison")) {
                    receives++;
                } else {
                    healthy.add(m);
                    queue.acknowledge(name, m.receipt());
                }
            }
        }
        assertThat(receives).isEqualTo(queue.maxReceives());
        assertThat(healthy).extracting(ReceivedMessage::body).containsExactly("healthy");
        List<ReceivedMessage> dead = new ArrayList<>();
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            queue.receive(name, 10, Duration.ofSeconds(1), NO_WAIT).forEach(m -> assertThat(m.body()).isEqualTo("poison"));
            dead.addAll(queue.receive(queue.deadLetterQueue(name), 10, VISIBLE, NO_WAIT));
            return !dead.isEmpty();
        });
        assertThat(dead).singleElement().satisfies(m -> assertThat(m.body()).isEqualTo("poison"));
    }

    @Test
    void tenConcurrentConsumersReceiveEachMessageOnce() throws Exception {
        for (int i = 0; i < 100; i++) {
            queue.send(name, OutgoingMessage.of("m" + i), Duration.ZERO);
        }
        List<List<String>> seen = Concurrently.run(10, () -> {
            List<String> mine = new ArrayList<>();
            for (int empty = 0; empty < 3; ) {
                List<ReceivedMessage> got = queue.receive(name, 10, VISIBLE, Duration.ofMillis(500));
                if (got.isEmpty()) {
                    empty++;
                }
                for (ReceivedMessage m : got) {
                    mine.add(m.body());
                    queue.acknowledge(name, m.receipt());
                }
            }
            return mine;
        });
        List<String> all = seen.stream().flatMap(List::stream).toList();
        assertThat(all).hasSize(100).doesNotHaveDuplicates();
    }
}
