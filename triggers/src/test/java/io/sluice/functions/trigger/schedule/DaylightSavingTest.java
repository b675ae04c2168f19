package io.sluice.functions.trigger.schedule;

import static io.sluice.functions.trigger.schedule.ScheduleExpressionTest.fires;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Europe/Berlin: 2026-03-29 02:00 CET jumps to 03:00 CEST (01:00Z); 2026-10-25 03:00 CEST falls back to
 * 02:00 CET (01:00Z), so 02:00-02:59 happens twice.
 */
class DaylightSavingTest {
    private static final String BERLIN = "Europe/Berlin";

    private static List<Instant> between(String expression, String zone, String from, String to) {
        ScheduleExpression e = ScheduleExpression.parse(expression, ZoneId.of(zone));
        List<Instant> out = new ArrayList<>();
        Instant end = Instant.parse(to);
        for (Optional<Instant> t = e.next(Instant.parse(from)); t.isPresent() && t.get().isBefore(end); t = e.next(t.get())) {
            out.add(t.get());
        }
        return out;
    }

    private static Instant[] at(String... iso) {
        return List.of(iso).stream().map(Instant::parse).toArray(Instant[]::new);
    }

    @ParameterizedTest
    @ValueSource(strings = {"cron(30 2 * * ? *)", "30 2 * * *"})
    void springForwardADailyRunAt0230RunsOnceMovedToTheEndOfTheGap(String daily) {
        assertThat(between(daily, BERLIN, "2026-03-27T12:00:00Z", "2026-03-30T12:00:00Z")).containsExactly(at(
                "2026-03-28T01:30:00Z",   // 02:30 CET
                "2026-03-29T01:30:00Z",   // 02:30 does not exist: 03:30 CEST
                "2026-03-30T00:30:00Z")); // 02:30 CEST
    }

    @ParameterizedTest
    @ValueSource(strings = {"cron(30 2 * * ? *)", "30 2 * * *"})
    void fallBackADailyRunAt0230RunsOnceAtItsFirstOccurrence(String daily) {
        assertThat(between(daily, BERLIN, "2026-10-23T12:00:00Z", "2026-10-26T12:00:00Z")).containsExactly(at(
                "2026-10-24T00:30:00Z",   // 02:30 CEST
                "2026-10-25T00:30:00Z",   // the first 02:30 (CEST); not again at 02:30 CET
                "2026-10-26T01:30:00Z")); // 02:30 CET
    }

    @Test
    void fallBackAskedFromInsideTheRepeatedHourDoesNotFireTheSecondPass() {
        ScheduleExpression daily = ScheduleExpression.parse("30 2 * * *", ZoneId.of(BERLIN));
        // 02:45 CEST, then 02:10 CET and 02:40 CET: the 02:30 of that day has happened.
        for (String after : List.of("2026-10-25T00:45:00Z", "2026-10-25T01:10:00Z", "2026-10-25T01:40:00Z")) {
            assertThat(daily.next(Instant.parse(after))).as(after).contains(Instant.parse("2026-10-26T01:30:00Z"));
        }
        assertThat(daily.next(Instant.parse("2026-10-25T00:10:00Z"))).contains(Instant.parse("2026-10-25T00:30:00Z"));
    }

    @Test
    void anHourlyScheduleKeepsFiringEveryHourThroughBothChanges() {
        List<Instant> fall = between("0 * * * *", BERLIN, "2026-10-24T21:30:00Z", "2026-10-25T04:30:00Z");
        assertThat(fall).hasSize(7).containsExactly(at("2026-10-24T22:00:00Z", "2026-10-24T23:00:00Z", "2026-10-25T00:00:00Z",
                "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z", "2026-10-25T03:00:00Z", "2026-10-25T04:00:00Z"));
        List<Instant> spring = between("cron(0 * * * ? *)", BERLIN, "2026-03-28T22:59:59Z", "2026-03-29T22:00:00Z");
        assertThat(spring).hasSize(23); // the day has 23 hours
        for (int i = 1; i < spring.size(); i++) {
            assertThat(Duration.between(spring.get(i - 1), spring.get(i))).isEqualTo(Duration.ofHours(1));
        }
    }

    @Test
    void everyQuarterHourFiresEveryFifteenMinutesOfRealTimeAcrossFallBack() {
        List<Instant> quarter = between("*/15 * * * *", BERLIN, "2026-10-24T23:50:00Z", "2026-10-25T02:10:00Z");
        assertThat(quarter).hasSize(9);
        for (int i = 1; i < quarter.size(); i++) {
            assertThat(Duration.between(quarter.get(i - 1), quarter.get(i))).isEqualTo(Duration.ofMinutes(15));
        }
    }

    @Test
    void firesInsideTheSkippedHourMoveForwardByTheGapAndDoNotCollide() {
        // 02:00, 02:15, 02:30, 02:45 do not exist on the spring-forward day: they become 03:00-03:45 CEST.
        assertThat(between("cron(0/15 2 * * ? *)", BERLIN, "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z")).containsExactly(at(
                "2026-03-29T01:00:00Z", "2026-03-29T01:15:00Z", "2026-03-29T01:30:00Z", "2026-03-29T01:45:00Z"));
        // Half-hourly: 02:00 and 02:30 map onto 03:00 and 03:30, which fire anyway: once each.
        List<Instant> halfHourly = between("0,30 * * * *", BERLIN, "2026-03-28T23:59:59Z", "2026-03-29T02:00:00Z");
        assertThat(halfHourly).containsExactly(at("2026-03-29T00:00:00Z", "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "2026-03-29T01:30:00Z"));
    }

    @Test
    void newYorkSpringForwardMovesTwoOClockToThree() {
        assertThat(fires("0 2 * * *", "America/New_York", Instant.parse("2026-03-07T12:00:00Z"), 3)).containsExactly(at(
                "2026-03-08T07:00:00Z",  // 02:00 EST would be 07:00Z; the day has no 02:00: 03:00 EDT = 07:00Z
                "2026-03-09T06:00:00Z",  // 02:00 EDT
                "2026-03-10T06:00:00Z"));
    }

    @Test
    void aRateIgnoresTheClockChange() {
        List<Instant> hourly = between("rate(1 hour)", BERLIN, "2026-10-24T22:30:00Z", "2026-10-25T04:30:00Z");
        assertThat(hourly).hasSize(6);
        assertThat(Duration.between(hourly.getFirst(), hourly.getLast())).isEqualTo(Duration.ofHours(5));
    }
}
