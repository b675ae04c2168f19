package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.Backlog;
import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
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
    void aTakeOfTheChannelsIsOneRoundTripOnOneNode() {
        queue.receiveFirst(CHANNELS, 10, LONG, Duration.ZERO); // the script loaded, so its first run costs no NOSCRIPT round trip below
        queue.send("t-p3", OutgoingMessage.of("low-1"), Duration.ZERO);
        queue.send("t-p3", OutgoingMessage.of("low-2"), Duration.ZERO);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RedisAdapters.meterCalls(redis.client(), registry);
        try {
            FirstReceived got = queue.receiveFirst(CHANNELS, 10, LONG, Duration.ZERO);
            assertThat(got.queue()).isEqualTo("t-p3");
            assertThat(got.messages()).extracting(m -> m.body()).containsExactlyInAnyOrder("low-1", "low-2");
            // A call is recorded when its reply completes, on the connection's event loop, possibly just after the caller
            // went on (RedisCallMeters); runs made one after another are each recorded before the next one's reply comes.
            long runs = await().atMost(Duration.ofSeconds(10)).until(() -> registry.find(SluiceMeters.REDIS_CALLS)
                    .tag(SluiceMeters.SCRIPT, "queue-receive").timers().stream().mapToLong(Timer::count).sum(), n -> n > 0);
            assertThat(runs).as("three empty channels and the fourth looked at in one script run, not a round trip each").isEqualTo(1);
        } finally {
            RedisAdapters.meterCalls(redis.client(), null);
        }
    }

    @Test
    void aHigherChannelsHeadDeadLetteredOnTheWayDoesNotHideALowerChannelsMessage() {
        RedisTaskQueue once = new RedisTaskQueue(redis.client(), redis.prefix(), 1);
        try {
            once.send("t-p0", OutgoingMessage.of("poison"), Duration.ZERO);
            once.send("t-p3", OutgoingMessage.of("low"), Duration.ZERO);
            assertThat(once.receiveFirst(CHANNELS, 1, Duration.ZERO, Duration.ZERO).messages()).as("received once, visible again at once")
                    .extracting(m -> m.body()).containsExactly("poison");
            FirstReceived next = once.receiveFirst(CHANNELS, 10, LONG, Duration.ZERO);
            assertThat(next.queue()).as("P0's head went to its dead-letter queue on this take (its second receive of one allowed)")
                    .isEqualTo("t-p3");
            assertThat(next.messages()).extracting(m -> m.body()).containsExactly("low");
            assertThat(once.receive(once.deadLetterQueue("t-p0"), 10, LONG, Duration.ZERO)).extracting(m -> m.body())
                    .containsExactly("poison");
        } finally {
            once.close();
        }
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
