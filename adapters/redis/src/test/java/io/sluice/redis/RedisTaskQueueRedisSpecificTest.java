package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What the Redis queue promises beyond the contract: receipts, dead-lettering details, key layout, waking. */
class RedisTaskQueueRedisSpecificTest {
    private static final Duration LONG = Duration.ofSeconds(30);
    @RegisterExtension
    static final RedisScope redis = new RedisScope("queue-specific");
    private final RedisTaskQueue queue = new RedisTaskQueue(redis.client(), redis.prefix(), 2);

    @AfterEach
    void closeQueue() {
        queue.close();
    }

    @Test
    void attributesAndBodiesSurviveWhateverCharactersTheyHold() {
        Map<String, String> attributes = Map.of("a:b;1", "3:x;{}", "", "", "é", "\u0000\uD83D\uDE00");
        queue.send("odd", new OutgoingMessage("5;2:ab:\n\uD83D\uDE00", attributes), Duration.ZERO);
        ReceivedMessage m = queue.receive("odd", 1, LONG, Duration.ofSeconds(5)).getFirst();
        assertThat(m.body()).isEqualTo("5;2:ab:\n\uD83D\uDE00");
        assertThat(m.attributes()).isEqualTo(attributes);
    }

    @Test
    void aReceiptFromAnEarlierReceiveNeitherAcknowledgesNorExtends() {
        RedisTaskQueue queue = new RedisTaskQueue(redis.client(), redis.prefix(), 5);
        queue.send("q", OutgoingMessage.of("m"), Duration.ZERO);
        ReceivedMessage first = queue.receive("q", 1, Duration.ZERO, Duration.ofSeconds(5)).getFirst();
        ReceivedMessage second = queue.receive("q", 1, LONG, Duration.ofSeconds(5)).getFirst();
        assertThat(second.receiveCount()).isEqualTo(2);
        assertThat(second.messageId()).isEqualTo(first.messageId());

        queue.acknowledge("q", first.receipt());
        queue.extendVisibility("q", first.receipt(), Duration.ZERO);
        assertThat(queue.receive("q", 1, LONG, Duration.ZERO)).as("still hidden by the second receive").isEmpty();

        queue.extendVisibility("q", second.receipt(), Duration.ZERO);
        ReceivedMessage third = queue.receive("q", 1, LONG, Duration.ofSeconds(5)).getFirst();
        assertThat(third.receiveCount()).isEqualTo(3);
        queue.acknowledge("q", third.receipt());
        assertThat(queueKeys()).as("an acknowledged message leaves no key behind").isEmpty();
        queue.close();
        assertThat(redis.keys()).as("nor does an instance that listened, once closed (QueueListeners)").isEmpty();
    }

    /** The keys under the test's prefix but the instances' that listen ({@link QueueListeners}: not a queue's). */
    private static List<String> queueKeys() {
        return redis.keys().stream().filter(k -> !k.equals(redis.prefix() + ":queue-listeners")).toList();
    }

    @Test
    void aMessageIsDeadLetteredWithItsBodyAttributesAndReceiveCountOnTheReceiveAfterItsLast() {
        queue.send("work", new OutgoingMessage("poison", Map.of("executionId", "e-1")), Duration.ZERO);
        assertThat(queue.receive("work", 10, Duration.ZERO, Duration.ofSeconds(5))).singleElement()
                .satisfies(m -> assertThat(m.receiveCount()).isEqualTo(1));
        assertThat(queue.receive("work", 10, Duration.ZERO, Duration.ofSeconds(5))).singleElement()
                .satisfies(m -> assertThat(m.receiveCount()).isEqualTo(2));

        assertThat(queue.receive("work", 10, LONG, Duration.ZERO)).as("the third receive dead-letters it").isEmpty();
        List<ReceivedMessage> dead = queue.receive(queue.deadLetterQueue("work"), 10, LONG, Duration.ofSeconds(5));
        assertThat(dead).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("poison");
            assertThat(m.attributes()).containsEntry("executionId", "e-1");
            assertThat(m.receiveCount()).isEqualTo(3);
        });
        assertThat(queueKeys()).as("one queue and its dead-letter queue share a hash tag")
                .allSatisfy(k -> assertThat(k).contains("{" + redis.prefix() + ":work}"));
        queue.acknowledge(queue.deadLetterQueue("work"), dead.getFirst().receipt());
        assertThat(queueKeys()).isEmpty();
    }

    @Test
    void aDeadLetterQueueNeverDeadLettersItsOwnMessages() {
        String dlq = queue.deadLetterQueue("jobs");
        queue.send(dlq, OutgoingMessage.of("dead"), Duration.ZERO);
        for (int i = 1; i <= 4; i++) {
            int receive = i;
            assertThat(queue.receive(dlq, 1, Duration.ZERO, Duration.ofSeconds(5))).singleElement()
                    .satisfies(m -> assertThat(m.receiveCount()).isEqualTo(receive));
        }
    }

    @Test
    void aReceiverThatIsWaitingGetsAMessageSentByAnotherNode() {
        try (RedisTaskQueue otherNode = new RedisTaskQueue(redis.client(), redis.prefix(), 2)) {
            CompletableFuture<List<ReceivedMessage>> waiting = CompletableFuture.supplyAsync(
                    () -> queue.receive("wake", 10, LONG, Duration.ofSeconds(20)));
            otherNode.send("wake", OutgoingMessage.of("hello"), Duration.ZERO);
            List<ReceivedMessage> got = waiting.join();
            assertThat(got).extracting(ReceivedMessage::body).containsExactly("hello");
            queue.acknowledge("wake", got.getFirst().receipt());
        }
    }

    @Test
    void aWaitingReceiverGetsADelayedMessageOnceItIsDue() {
        queue.send("later", OutgoingMessage.of("due soon"), Duration.ofMillis(1500));
        List<ReceivedMessage> got = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> got.addAll(queue.receive("later", 1, LONG, Duration.ofSeconds(5))));
        assertThat(got).extracting(ReceivedMessage::body).containsExactly("due soon");
    }

    @Test
    void refusesWhatItCannotKeep() {
        assertThatThrownBy(() -> queue.send("q", OutgoingMessage.of("x"), Duration.ofMinutes(16)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TimerIndex");
        assertThatThrownBy(() -> queue.send("a{b}", OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a queue name");
        assertThatThrownBy(() -> queue.acknowledge("q", "no-receipt")).isInstanceOf(IllegalArgumentException.class);
    }
    @Test
    void aWaitingReceiveLooksAtADeadLetterQueueItselfSeldomAndAtAnyOtherEveryRecheck() {
        queue.receive("idle", 1, LONG, Duration.ZERO); // the script loaded first, so the counts below are looks, not loads
        io.micrometer.core.instrument.simple.SimpleMeterRegistry registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        RedisAdapters.meterCalls(redis.client(), registry);
        try {
            Duration wait = RedisTaskQueue.RECHECK.multipliedBy(3).plusMillis(100); // three rechecks of a queue's, none of a dead-letter queue's
            assertThat(queue.receive("idle-dlq", 1, LONG, wait)).isEmpty();
            long deadLetterLooks = looks(registry);
            assertThat(queue.receive("idle", 1, LONG, wait)).isEmpty();
            long queueLooks = looks(registry) - deadLetterLooks;
            assertThat(deadLetterLooks).as("a dead-letter queue: looked at when the wait begins and when it ends, none between"
                    + " (RedisTaskQueue.DEAD_LETTER_RECHECK)").isEqualTo(2);
            assertThat(queueLooks).as("another queue: looked at again every RedisTaskQueue.RECHECK between").isGreaterThanOrEqualTo(4);
        } finally {
            RedisAdapters.meterCalls(redis.client(), null);
        }
    }

    /** How many receive scripts ran, as timed into {@code sluice.redis.calls}. */
    private static long looks(io.micrometer.core.instrument.MeterRegistry registry) {
        return registry.find(io.sluice.functions.observe.SluiceMeters.REDIS_CALLS).tag(io.sluice.functions.observe.SluiceMeters.SCRIPT,
                "queue-receive").timers().stream().mapToLong(io.micrometer.core.instrument.Timer::count).sum();
    }
}
