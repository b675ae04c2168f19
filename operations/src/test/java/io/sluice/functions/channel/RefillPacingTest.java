package io.sluice.functions.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.priority.Priority;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The gap between two starts of a channel: 0.8 x its tasks' average duration / its limit, capped; P0 never. */
class RefillPacingTest {
    private static final long MS = 1_000_000L;

    private static Map<Priority, Integer> limits(int each) {
        Map<Priority, Integer> m = new EnumMap<>(Priority.class);
        for (Priority p : Priority.values()) {
            m.put(p, each);
        }
        return m;
    }

    @ParameterizedTest(name = "{0}: tasks of {1} ms, limit {2}, cap {3} ms -> gap {4} ms")
    @CsvSource({
            "P3, 1000, 50, 1000, 16",   // 0.8 x 1000 / 50
            "P2, 1000, 50, 1000, 16",
            "P1, 200, 10, 1000, 16",    // 0.8 x 200 / 10
            "P3, 10000, 2, 1000, 1000", // 4 s, capped at 1 s
            "P3, 10000, 2, 250, 250",
            "P0, 1000, 50, 1000, 0",    // P0 is never paced
    })
    void theGapIsAShareOfTheTasksDurationOverTheLimit(Priority p, long taskMs, int limit, long capMs, long gapMs) {
        RefillPacing pacing = new RefillPacing(limits(limit), true, Duration.ofMillis(capMs));
        pacing.ended(p, taskMs * MS);
        assertThat(pacing.gapNanos(p)).isEqualTo(gapMs * MS);
        pacing.started(p, 0, 1);
        assertThat(pacing.allowance(p, 1, 10)).as("just after a start").isEqualTo(gapMs > 0 ? 0 : 10);
    }

    @Test
    void nothingIsPacedBeforeATaskEndedOrWhenPacingIsOff() {
        RefillPacing on = new RefillPacing(limits(50), true, Duration.ofSeconds(1));
        assertThat(on.gapNanos(Priority.P3)).isZero();
        on.started(Priority.P3, 0, 10);
        assertThat(on.dueInNanos(Priority.P3, 0)).as("no duration known yet: refills at once").isZero();
        assertThat(on.allowance(Priority.P3, 0, 10)).isEqualTo(10);

        RefillPacing off = new RefillPacing(limits(50), false, Duration.ofSeconds(1));
        off.ended(Priority.P3, 1000 * MS);
        off.started(Priority.P3, 0, 10);
        assertThat(off.gapNanos(Priority.P3)).isZero();
        assertThat(off.allowance(Priority.P3, 0, 10)).isEqualTo(10);
        assertThat(off.dueInNanos(Priority.P3, 0)).isZero();
    }

    @Test
    void aStartMakesTheNextOneDueAfterTheGap() {
        RefillPacing pacing = new RefillPacing(limits(50), true, Duration.ofSeconds(1));
        pacing.ended(Priority.P3, 1000 * MS);
        pacing.started(Priority.P3, 5_000 * MS, 1);
        assertThat(pacing.dueInNanos(Priority.P3, 5_000 * MS)).isEqualTo(16 * MS);
        assertThat(pacing.dueInNanos(Priority.P3, 5_010 * MS)).isEqualTo(6 * MS);
        assertThat(pacing.dueInNanos(Priority.P3, 5_016 * MS)).isZero();
        assertThat(pacing.allowance(Priority.P3, 5_016 * MS, 10)).as("due: one").isEqualTo(1);
        assertThat(pacing.allowance(Priority.P3, 5_050 * MS, 10)).as("34 ms late: one and two more gaps").isEqualTo(3);
        assertThat(pacing.allowance(Priority.P3, 9_000 * MS, 10)).as("long idle: a whole batch").isEqualTo(10);
        assertThat(pacing.dueInNanos(Priority.P2, 5_000 * MS)).as("another channel is not held by P3's start").isZero();

        pacing.started(Priority.P3, 5_050 * MS, 3); // three started at once: the next a gap after the three's share
        assertThat(pacing.dueInNanos(Priority.P3, 5_050 * MS)).isEqualTo(14 * MS); // due at 5,016 + 3 x 16
        pacing.started(Priority.P3, 9_000 * MS, 10); // after a long idle the schedule starts from now, not from the past
        assertThat(pacing.dueInNanos(Priority.P3, 9_000 * MS)).isZero();
        assertThat(pacing.allowance(Priority.P3, 9_001 * MS, 10)).isEqualTo(1);
    }

    @Test
    void shortTasksKeepTheirBatches() {
        // 5 ms tasks, limit 200: a gap of 20 us, far less than a take; a poller coming back 1 ms later takes a batch.
        RefillPacing pacing = new RefillPacing(limits(200), true, Duration.ofSeconds(1));
        pacing.ended(Priority.P2, 5 * MS);
        pacing.started(Priority.P2, 0, 10);
        assertThat(pacing.allowance(Priority.P2, MS, 10)).isEqualTo(10);
    }

    @Test
    void theAverageFollowsTheTasksDurationsGradually() {
        RefillPacing pacing = new RefillPacing(limits(1), true, Duration.ofSeconds(10));
        pacing.ended(Priority.P3, 1000 * MS);
        pacing.ended(Priority.P3, 2000 * MS); // 1000 + 0.2 x (2000 - 1000) = 1200
        assertThat(pacing.gapNanos(Priority.P3)).isEqualTo((long) (0.8 * 1200 * MS));
        for (int i = 0; i < 60; i++) {
            pacing.ended(Priority.P3, 100 * MS);
        }
        assertThat(pacing.gapNanos(Priority.P3)).isBetween(80 * MS, 81 * MS);
    }

    @Test
    void aBadMaximumGapNamesItsProperty() {
        assertThatThrownBy(() -> new ChannelSettings.Pacing(true, Duration.ZERO))
                .hasMessageContaining("channels.refill-pacing-max-gap").hasMessageContaining("positive");
    }
}
