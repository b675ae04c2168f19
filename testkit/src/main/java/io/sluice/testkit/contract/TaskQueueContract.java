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
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
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

    @Test
    void aGroupHoldsItsNextMessageUntilItsHeadIsAcknowledged() {
        queue.send(name, OutgoingMessage.of("a1").inGroup("a", null), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("a2").inGroup("a", null), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("b1").inGroup("b", null), Duration.ZERO);
        List<ReceivedMessage> first = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            first.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT));
            return first.size() >= 2;
        });
        assertThat(first).extracting(ReceivedMessage::body).containsExactlyInAnyOrder("a1", "b1");
        assertThat(queue.receive(name, 10, VISIBLE, Duration.ofSeconds(1))).as("a2 waits for a1").isEmpty();
        queue.acknowledge(name, first.stream().filter(m -> m.body().equals("a1")).findFirst().orElseThrow().receipt());
        List<ReceivedMessage> next = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> next.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT)));
        assertThat(next).extracting(ReceivedMessage::body).containsExactly("a2");
    }

    @Test
    void aGroupsHeadWhoseVisibilityPassesIsDeliveredAgainBeforeTheRest() {
        queue.send(name, OutgoingMessage.of("first").inGroup("g", null), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("second").inGroup("g", null), Duration.ZERO);
        assertThat(receiveAll(10, Duration.ofSeconds(1))).extracting(ReceivedMessage::body).containsExactly("first");
        List<ReceivedMessage> back = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> back.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT)));
        assertThat(back).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("first");
            assertThat(m.receiveCount()).isEqualTo(2);
        });
    }

    @Test
    void aDelayedMessageJoinsItsGroupWhenItsDelayPassesAndHoldsNobodyUpMeanwhile() {
        queue.send(name, OutgoingMessage.of("timer").inGroup("g", null), Duration.ofSeconds(2));
        queue.send(name, OutgoingMessage.of("now").inGroup("g", null), Duration.ZERO);
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> got.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT)));
        assertThat(got).extracting(ReceivedMessage::body).containsExactly("now");
        queue.acknowledge(name, got.getFirst().receipt());
        List<ReceivedMessage> later = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> later.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT)));
        assertThat(later).extracting(ReceivedMessage::body).containsExactly("timer");
    }

    @Test
    void aSendWithAnIdAlreadySentIsDropped() {
        queue.send(name, OutgoingMessage.of("once").inGroup("g", "command-1"), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("once").inGroup("g", "command-1"), Duration.ZERO);
        ReceivedMessage m = receiveAll(10, VISIBLE).getFirst();
        queue.acknowledge(name, m.receipt());
        queue.send(name, OutgoingMessage.of("once").inGroup("g", "command-1"), Duration.ZERO);
        queue.send(name, OutgoingMessage.of("other").inGroup("g", "command-2"), Duration.ZERO);
        List<ReceivedMessage> after = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> after.addAll(queue.receive(name, 10, VISIBLE, NO_WAIT)));
        assertThat(after).extracting(ReceivedMessage::body).containsExactly("other");
    }

    /** The concurrency case: ten consumers on five groups; no group ever has two messages in flight, and each keeps its order. */
    @Test
    void tenConcurrentConsumersNeverHoldTwoMessagesOfOneGroupAndKeepEachGroupsOrder() throws Exception {
        int groups = 5;
        int perGroup = 20;
        for (int i = 0; i < perGroup; i++) {
            for (int g = 0; g < groups; g++) {
                queue.send(name, OutgoingMessage.of(g + ":" + i).inGroup("g" + g, null), Duration.ZERO);
            }
        }
        Set<String> inFlight = ConcurrentHashMap.newKeySet();
        AtomicInteger overlaps = new AtomicInteger();
        Map<String, List<Integer>> order = new ConcurrentHashMap<>();
        Concurrently.run(10, () -> {
            for (int empty = 0; empty < 3; ) {
                List<ReceivedMessage> got = queue.receive(name, 3, VISIBLE, Duration.ofMillis(500));
                if (got.isEmpty()) {
                    empty++;
                }
                for (ReceivedMessage m : got) {
                    String group = m.body().substring(0, m.body().indexOf(':'));
                    if (!inFlight.add(group)) {
                        overlaps.incrementAndGet();
                    }
                    order.computeIfAbsent(group, k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                            .add(Integer.parseInt(m.body().substring(group.length() + 1)));
                    Thread.yield();
                    inFlight.remove(group);
                    queue.acknowledge(name, m.receipt());
                }
            }
            return true;
        });
        assertThat(overlaps.get()).as("messages of one group in flight at once").isZero();
        assertThat(order).hasSize(groups);
        List<Integer> expected = java.util.stream.IntStream.range(0, perGroup).boxed().toList();
        order.values().forEach(received -> assertThat(received).containsExactlyElementsOf(expected));
    }
}
