package io.sluice.local.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/**
 * The consumer on the Redis queue the local runtime runs: the thread that received a batch handles its first message
 * and hands the polling on ({@link PollerHandoff}), so every message of every batch is handled once, and closing stops
 * the polling without interrupting a message being handled by a thread that polled before.
 */
class QueueConsumerTest {
    private static final Duration VISIBLE = Duration.ofSeconds(30);
    private final String prefix = "sluice-test:queue-consumer:" + UUID.randomUUID();
    private final RedissonClient client = RedisAdapters.client(RedisTestServer.shared().url());
    private final RedisTaskQueue queue = new RedisTaskQueue(client, prefix, 3);

    @Test
    void everyMessageOfEveryBatchIsHandledOnceAndAcknowledged() {
        Map<String, Integer> handled = new ConcurrentHashMap<>();
        for (int i = 0; i < 40; i++) {
            queue.send("work", OutgoingMessage.of("m" + i), Duration.ZERO);
        }
        try (QueueConsumer consumer = new QueueConsumer(queue, "work", m -> {
            handled.merge(m.body(), 1, Integer::sum);
            return true;
        }, VISIBLE, 4)) {
            await().atMost(Duration.ofSeconds(20)).until(() -> handled.size() == 40);
            for (int i = 40; i < 45; i++) { // and what comes after, to pollers handed on
                queue.send("work", OutgoingMessage.of("m" + i), Duration.ZERO);
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> handled.size() == 45);
        }
        assertThat(handled.values()).as("each once").containsOnly(1);
        assertThat(queue.receive("work", 10, VISIBLE, Duration.ZERO)).as("all acknowledged").isEmpty();
    }

    @Test
    void closingStopsThePollingButDoesNotInterruptTheMessageItsFormerPollerHandles() throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        Set<String> handled = ConcurrentHashMap.newKeySet();
        queue.send("work", OutgoingMessage.of("slow"), Duration.ZERO); // alone in its batch: handled by the thread that received it
        QueueConsumer consumer = new QueueConsumer(queue, "work", m -> {
            if (m.body().equals("slow")) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted.set(true);
                }
            }
            handled.add(m.body());
            return true;
        }, VISIBLE, 4);
        assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();
        consumer.close();
        release.countDown();
        await().atMost(Duration.ofSeconds(20)).until(() -> handled.contains("slow"));
        assertThat(interrupted).as("closing interrupts the poller, not a handler").isFalse();

        queue.send("work", OutgoingMessage.of("after-close"), Duration.ZERO);
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(5)).until(() -> !handled.contains("after-close"));
        assertThat(queue.receive("work", 10, VISIBLE, Duration.ZERO)).extracting(m -> m.body())
                .as("'slow' acknowledged, 'after-close' left for the next consumer").containsExactly("after-close");
    }

    @AfterEach
    void deleteKeys() {
        queue.close();
        List<String> keys = new ArrayList<>();
        client.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        keys.forEach(k -> client.getKeys().delete(k));
        client.shutdown();
    }
}
