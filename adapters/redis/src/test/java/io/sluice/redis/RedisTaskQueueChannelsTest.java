package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TaskQueue.Backlog;
import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

/** Receiving from priority channels on the real Redis: the first channel with messages wins, and waiting wakes on any of them. */
class RedisTaskQueueChannelsTest {
    private static final Duration LONG = Duration.ofSeconds(30);
    private static final List<String> CHANNELS = List.of("t-p0", "t-p1", "t", "t-p3");

    @RegisterExtension
    static final RedisScope redis = new RedisScope("queue-channels");
    private final RedisTaskQueue queue = new RedisTaskQueue(redis.client(), redis.prefix(), 5);

    @AfterEach
    void closeQueue() {
        queue.close();
    }

    @Test
    void aP0MessageIsTakenBeforeAP3Backlog() {
        for (int i = 0; i < 200; i++) {
            queue.send("t-p3", OutgoingMessage.of("low-" + i), Duration.ZERO);
        }
        queue.send("t-p0", OutgoingMessage.of("urgent"), Duration.ZERO);
        FirstReceived first = queue.receiveFirst(CHANNELS, 10, LONG, Duration.ofSeconds(5));
        assertThat(first.queue()).isEqualTo("t-p0");
        assertThat(first.messages()).extracting(m -> m.body()).containsExactly("urgent");
        FirstReceived next = queue.receiveFirst(CHANNELS, 10, LONG, Duration.ofSeconds(5));
        assertThat(next.queue()).isEqualTo("t-p3");
        assertThat(next.messages()).hasSize(10);
    }

    @Test
    void theBacklogCountsWhatIsReceivableNowAndNotWhatIsDelayedOrHidden() {
        long sentAt = System.nanoTime();
        queue.send("t-p3", OutgoingMessage.of("a"), Duration.ZERO);
        queue.send("t-p3", OutgoingMessage.of("b"), Duration.ZERO);
        queue.send("t-p3", OutgoingMessage.of("c"), Duration.ZERO);
        queue.send("t-p3", OutgoingMessage.of("later"), Duration.ofMinutes(5));
        queue.receive("t-p3", 1, LONG, Duration.ZERO);
        Backlog b = queue.backlog("t-p3").orElseThrow();
        Duration sinceTheFirstSend = Duration.ofNanos(System.nanoTime() - sentAt).plusMillis(1); // the server counts whole ms
        assertThat(b.visible()).isEqualTo(2);
        assertThat(b.oldest()).as("the oldest visible one's age, not the delayed one's (5 minutes ahead)")
                .isGreaterThanOrEqualTo(Duration.ZERO).isLessThanOrEqualTo(sinceTheFirstSend);
        assertThat(queue.backlog("t-p0").orElseThrow()).isEqualTo(new Backlog(0, Duration.ZERO));
    }

    @Test
    void aWaitingReceiverWakesForASendToAnyChannelFromAnotherClient() throws Exception {
        RedissonClient other = RedisAdapters.client(RedisTestServer.shared().url());
        RedisTaskQueue sender = new RedisTaskQueue(other, redis.prefix(), 5);
        try {
            CompletableFuture<FirstReceived> waiting = CompletableFuture.supplyAsync(
                    () -> queue.receiveFirst(CHANNELS, 1, LONG, Duration.ofSeconds(20)));
            sender.send("t-p3", OutgoingMessage.of("low"), Duration.ZERO);
            FirstReceived got = waiting.get(25, TimeUnit.SECONDS);
            assertThat(got.queue()).isEqualTo("t-p3");
            assertThat(got.messages()).extracting(m -> m.body()).containsExactly("low");
        } finally {
            sender.close();
            other.shutdown();
        }
    }
}
