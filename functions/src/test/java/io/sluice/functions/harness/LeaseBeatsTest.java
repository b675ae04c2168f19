package io.sluice.functions.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.time.SystemTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaseBeatsTest {
    /** A keeper that counts its beats and is due again {@code every} after each. */
    private static final class Counting implements LeaseBeats.Beating {
        private final LeaseBeats beats;
        private final long every;
        private volatile long due;
        final AtomicInteger beaten = new AtomicInteger();

        /** A keeper due {@code every} from now, added to {@code beats}. */
        static Counting added(LeaseBeats beats, Duration every) {
            Counting keeper = new Counting(beats, every);
            beats.add(keeper);
            return keeper;
        }

        Counting(LeaseBeats beats, Duration every) {
            this.beats = beats;
            this.every = every.toNanos();
            this.due = beats.now() + this.every;
        }

        @Override
        public long dueNanos() {
            return due;
        }

        @Override
        public void startBeat() {
            due = LeaseBeats.NOT_DUE;
            beaten.incrementAndGet();
            long at = beats.now() + every;
            due = at;
            beats.due(at);
        }

        @Override
        public long everyNanos() {
            return every;
        }
    }

    @Test
    void keepersThatEndBeforeTheirFirstBeatNeverWakeTheThread() {
        LeaseBeats beats = new LeaseBeats("lease-beats-test-quiet", SystemTime.TICKER);
        Counting first = Counting.added(beats, Duration.ofMinutes(1)); // the thread now sleeps until the first's beat, a minute away
        // Two looks, whichever came first, the thread's start or the add: the one that finds no keeper or is woken by the
        // add, then the one after which it sleeps for the first's beat.
        await().atMost(Duration.ofSeconds(5)).until(() -> beats.looks() >= 2);
        long looks = beats.looks();
        List<Counting> tasks = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            tasks.add(Counting.added(beats, Duration.ofMinutes(1))); // due after the first: no wake
        }
        tasks.forEach(beats::remove);
        assertThat(beats.looks()).as("a timer queue woke its thread for every task that found it empty").isLessThanOrEqualTo(looks + 1);
        assertThat(beats.size()).isEqualTo(1);
        assertThat(first.beaten).hasValue(0);
    }

    @Test
    void aKeeperDueBeforeTheThreadWouldWakeIsBeatenOnTime() {
        LeaseBeats beats = new LeaseBeats("lease-beats-test-sooner", SystemTime.TICKER);
        Counting slow = Counting.added(beats, Duration.ofMinutes(1));
        Counting fast = Counting.added(beats, Duration.ofMillis(50));
        await().atMost(Duration.ofSeconds(5)).until(() -> fast.beaten.get() >= 3);
        beats.remove(fast);
        int after = fast.beaten.get();
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> fast.beaten.get() <= after + 1);
        assertThat(slow.beaten).hasValue(0);
    }

    @Test
    void afterTheLastKeeperLeavesANewOneIsStillBeaten() {
        LeaseBeats beats = new LeaseBeats("lease-beats-test-idle", SystemTime.TICKER);
        Counting gone = Counting.added(beats, Duration.ofMillis(50));
        await().atMost(Duration.ofSeconds(5)).until(() -> gone.beaten.get() >= 1);
        long looks = beats.looks();
        beats.remove(gone);
        // It wakes for the beat it slept for and finds no keeper, sleeps one more interval, then until a keeper starts.
        await().atMost(Duration.ofSeconds(5)).until(() -> beats.looks() >= looks + 2);
        Counting next = Counting.added(beats, Duration.ofMillis(50));
        await().atMost(Duration.ofSeconds(5)).until(() -> next.beaten.get() >= 2);
        beats.remove(next);
    }
}
