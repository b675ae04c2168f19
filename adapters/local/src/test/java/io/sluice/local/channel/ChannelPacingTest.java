package io.sluice.local.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.channel.ChannelTaker;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Refill pacing on the real Redis queue: once a channel's tasks are known to take a while, it starts them one at a
 * time, spread over their duration, while P0 is taken at once; with pacing off a freed channel refills in a batch.
 */
class ChannelPacingTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);
    private static final QueueNames NAMES = new QueueNames("pace");
    private static final long SECOND = 1_000_000_000L;

    private final String url = RedisTestServer.shared().url();
    private final String prefix = "sluice-test:pacing:" + UUID.randomUUID();
    private RedisAdapters redis;
    private RedisTaskQueue queue;

    @BeforeEach
    void connect() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
        queue = new RedisTaskQueue(redis.redisson(), prefix, 5);
    }

    @AfterEach
    void cleanUp() {
        queue.close();
        redis.close();
        RedisCleanup.delete(url, prefix);
    }

    private void sendP3Backlog() {
        for (int i = 0; i < 20; i++) {
            send(Priority.P3, "batch:e" + i);
        }
    }

    private void send(Priority p, String execution) {
        queue.send(NAMES.tasks("work", p), new OutgoingMessage("{}", Map.of("executionId", execution, "priority", p.name())), Duration.ZERO);
    }

    /** Strict order; P3 at most 4 at once (a task of 10 s then gives a gap of 0.8 x 10 s / 4 = 2 s, capped at {@code maxGap}). */
    private static ChannelSettings settings(boolean pacing, Duration maxGap) {
        ChannelSettings d = ChannelSettings.defaults();
        return new ChannelSettings(d.channels(), d.perPipeline(), d.perTenant(), Integer.MAX_VALUE, d.pressure(), d.lease(),
                new ChannelSettings.Pacing(pacing, maxGap)).withChannel(Priority.P3, new ChannelSettings.Limits(4, null));
    }

    /** Ends {@code t} as if it had run for {@code seconds}. */
    private static void endAfter(ChannelTaker taker, ChannelTaker.Taken t, long seconds) {
        taker.done(new ChannelTaker.Taken(t.queue(), t.priority(), t.message(), t.admitted(), t.takenNanos() - seconds * SECOND));
    }

    @Test
    void aPacedChannelStartsOneTaskAtATimeWhileP0IsTakenAtOnce() {
        sendP3Backlog();
        ChannelTaker taker = new ChannelTaker(queue, NAMES.channelsByPriority("work"), null, settings(true, Duration.ofSeconds(30)), Clock.systemUTC());
        List<ChannelTaker.Taken> first = taker.take(10, VISIBILITY, Duration.ofSeconds(5));
        assertThat(first).as("no task has ended yet: nothing to pace by, a full batch").hasSize(10);
        first.forEach(t -> endAfter(taker, t, 10));
        assertThat(taker.pacingGap(Priority.P3)).as("0.8 x 10 s / 4 (the tasks ran a little over 10 s)")
                .isBetween(Duration.ofSeconds(2), Duration.ofMillis(2100));
        assertThat(taker.pacingGap(Priority.P0)).isZero();

        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).as("paced: one task, not a batch").hasSize(1);
        send(Priority.P0, "urgent:now");
        long before = System.nanoTime();
        List<ChannelTaker.Taken> next = taker.take(10, VISIBILITY, Duration.ofSeconds(5));
        assertThat(next).singleElement().satisfies(t -> assertThat(t.priority()).isEqualTo(Priority.P0));
        assertThat(taker.take(10, VISIBILITY, Duration.ofMillis(100))).as("P3's next start is 2 s away; nothing else waits").isEmpty();
        assertThat(System.nanoTime() - before).as("P0 did not wait for P3's gap").isLessThan(2 * SECOND);
    }

    @Test
    void aWaitIsCutShortWhenAPacedChannelComesDue() {
        sendP3Backlog();
        ChannelTaker taker = new ChannelTaker(queue, NAMES.channelsByPriority("work"), null, settings(true, Duration.ofSeconds(2)), Clock.systemUTC());
        taker.take(10, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> endAfter(taker, t, 100));
        assertThat(taker.pacingGap(Priority.P3)).as("0.8 x 100 s / 4 = 20 s, capped").isEqualTo(Duration.ofSeconds(2));
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).hasSize(1);
        long before = System.nanoTime();
        List<ChannelTaker.Taken> waited = taker.take(10, VISIBILITY, Duration.ofSeconds(20));
        assertThat(waited).as("the 20 s wait on the other channels ends when P3 is due").isEmpty();
        assertThat(System.nanoTime() - before).isLessThan(10 * SECOND);
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).as("P3 is due again").hasSize(1)
                .allSatisfy(t -> assertThat(t.priority()).isEqualTo(Priority.P3));
    }

    @Test
    void withPacingOffAFreedChannelRefillsInABatch() {
        sendP3Backlog();
        ChannelTaker taker = new ChannelTaker(queue, NAMES.channelsByPriority("work"), null, settings(false, Duration.ofSeconds(1)), Clock.systemUTC());
        taker.take(10, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> endAfter(taker, t, 10));
        assertThat(taker.pacingGap(Priority.P3)).isZero();
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).hasSize(10);
    }
}
