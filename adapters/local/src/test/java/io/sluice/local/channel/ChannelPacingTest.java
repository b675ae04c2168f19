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
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Refill pacing on the real Redis queue: once a channel's tasks are known to take a while, it starts them one at a
 * time, spread over their duration, while P0 is taken at once; with pacing off a freed channel refills in a batch.
 * Time is a {@link ManualClock}'s, and a long poll that finds nothing moves it on by its wait, so each test says when
 * in logical time a task may start and runs without waiting.
 */
class ChannelPacingTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(30);
    private static final QueueNames NAMES = new QueueNames("pace");
    private static final long SECOND = 1_000_000_000L;
    private static final Instant START = Instant.parse("2026-03-01T00:00:00Z");

    private final String url = RedisTestServer.shared().url();
    private final String prefix = "sluice-test:pacing:" + UUID.randomUUID();
    private final ManualClock clock = new ManualClock(START);
    private RedisAdapters redis;
    private RedisTaskQueue queue;
    private WaitsOnManualClock waiting;

    @BeforeEach
    void connect() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
        queue = new RedisTaskQueue(redis.redisson(), prefix, 5);
        waiting = new WaitsOnManualClock(queue, clock);
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

    /** A taker on the manual clock: its pacing, like its queue's waits, runs on logical time. */
    private ChannelTaker taker(ChannelSettings settings) {
        return new ChannelTaker(waiting, NAMES.channelsByPriority("work"), null, settings, clock, clock.ticker());
    }

    /** Ends {@code t} as if it had run for {@code seconds}, without moving the clock. */
    private static void endAfter(ChannelTaker taker, ChannelTaker.Taken t, long seconds) {
        taker.done(new ChannelTaker.Taken(t.queue(), t.priority(), t.message(), t.admitted(), t.takenNanos() - seconds * SECOND));
    }

    @Test
    void aPacedChannelStartsOneTaskAtATimeWhileP0IsTakenAtOnce() {
        sendP3Backlog();
        ChannelTaker taker = taker(settings(true, Duration.ofSeconds(30)));
        List<ChannelTaker.Taken> first = taker.take(10, VISIBILITY, Duration.ofSeconds(5));
        assertThat(first).as("no task has ended yet: nothing to pace by, a full batch").hasSize(10);
        first.forEach(t -> endAfter(taker, t, 10));
        assertThat(taker.pacingGap(Priority.P3)).as("0.8 x 10 s / 4").isEqualTo(Duration.ofSeconds(2));
        assertThat(taker.pacingGap(Priority.P0)).isZero();

        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).as("paced: one task, not a batch").hasSize(1);
        send(Priority.P0, "urgent:now");
        List<ChannelTaker.Taken> next = taker.take(10, VISIBILITY, Duration.ofSeconds(5));
        assertThat(next).as("P0 is taken while P3's next start is still 2 s away")
                .singleElement().satisfies(t -> assertThat(t.priority()).isEqualTo(Priority.P0));
        assertThat(clock.instant()).as("P0 did not wait for P3's gap").isEqualTo(START);

        clock.advance(Duration.ofMillis(1900));
        assertThat(taker.take(10, VISIBILITY, Duration.ZERO)).as("P3's next start is 0.1 s away; nothing else waits").isEmpty();
        clock.advance(Duration.ofMillis(100));
        assertThat(taker.take(10, VISIBILITY, Duration.ZERO)).as("2 s after the last start: P3's next, one task")
                .singleElement().satisfies(t -> assertThat(t.priority()).isEqualTo(Priority.P3));
    }

    @Test
    void aWaitIsCutShortWhenAPacedChannelComesDue() {
        sendP3Backlog();
        ChannelTaker taker = taker(settings(true, Duration.ofSeconds(2)));
        taker.take(10, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> endAfter(taker, t, 100));
        assertThat(taker.pacingGap(Priority.P3)).as("0.8 x 100 s / 4 = 20 s, capped").isEqualTo(Duration.ofSeconds(2));
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).hasSize(1);

        List<ChannelTaker.Taken> waited = taker.take(10, VISIBILITY, Duration.ofSeconds(20));
        assertThat(waited).as("the other channels are empty").isEmpty();
        assertThat(waiting.waits().getLast()).as("the 20 s wait on the other channels ends when P3 is due").isEqualTo(Duration.ofSeconds(2));
        assertThat(clock.instant()).isEqualTo(START.plusSeconds(2));
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).as("P3 is due again").hasSize(1)
                .allSatisfy(t -> assertThat(t.priority()).isEqualTo(Priority.P3));
    }

    /**
     * A take whose receives last longer than the gap (here 3 s a receive, two receives a paced take, against a gap of 2 s)
     * starts the tasks of every gap that passed since the last take began, its own round trips included: one a gap over
     * time, not one a take. Stamped at a take's end, the pacing forgot the take's own time and started 1 task every 6 s
     * (on the local runtime: a few tasks a take, the worker's queue backing up behind the pacing, issue 32's aof-always run).
     */
    @Test
    void aTakeSlowerThanTheGapStillStartsOneTaskAGap() {
        sendP3Backlog();
        WaitsOnManualClock slow = new WaitsOnManualClock(queue, clock, Duration.ofSeconds(3));
        ChannelTaker taker = new ChannelTaker(slow, NAMES.channelsByPriority("work"), null, settings(true, Duration.ofSeconds(30)),
                clock, clock.ticker());
        taker.take(10, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> endAfter(taker, t, 10));
        assertThat(taker.pacingGap(Priority.P3)).as("0.8 x 10 s / 4").isEqualTo(Duration.ofSeconds(2));
        Instant from = clock.instant();
        int started = 0;
        for (int take = 0; take < 3; take++) {
            started += taker.take(10, VISIBILITY, Duration.ofSeconds(5)).size();
        }
        long gaps = Duration.between(from, clock.instant()).toSeconds() / 2;
        assertThat(clock.instant()).as("three paced takes of two 3 s receives each").isEqualTo(from.plusSeconds(18));
        assertThat(started).as("one start a gap over the %d gaps that passed, give or take one", gaps).isBetween((int) gaps - 1, (int) gaps + 1);
    }

    @Test
    void withPacingOffAFreedChannelRefillsInABatch() {
        sendP3Backlog();
        ChannelTaker taker = taker(settings(false, Duration.ofSeconds(1)));
        taker.take(10, VISIBILITY, Duration.ofSeconds(5)).forEach(t -> endAfter(taker, t, 10));
        assertThat(taker.pacingGap(Priority.P3)).isZero();
        assertThat(taker.take(10, VISIBILITY, Duration.ofSeconds(5))).hasSize(10);
        assertThat(clock.instant()).as("no take had to wait").isEqualTo(START);
    }
}
