package io.sluice.functions.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleExpressionTest {
    private static final Instant SUNDAY_NOON = Instant.parse("2026-11-29T12:00:00Z");

    static List<Instant> fires(String expression, String zone, Instant after, int n) {
        ScheduleExpression e = ScheduleExpression.parse(expression, ZoneId.of(zone));
        List<Instant> out = new ArrayList<>();
        Instant t = after;
        for (int i = 0; i < n; i++) {
            Optional<Instant> next = e.next(t);
            if (next.isEmpty()) {
                break;
            }
            out.add(next.get());
            t = next.get();
        }
        return out;
    }

    private static List<Instant> times(String... iso) {
        return List.of(iso).stream().map(Instant::parse).toList();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "cron(0 18 L * ? *);2026-11-30T18:00:00Z;2026-12-31T18:00:00Z",
            "cron(0 10 ? * 6L *);2026-12-25T10:00:00Z;2027-01-29T10:00:00Z",
            "cron(0 10 ? * 3#2 *);2026-12-08T10:00:00Z;2027-01-12T10:00:00Z",
            "cron(0 10 15W * ? *);2026-12-15T10:00:00Z;2027-01-15T10:00:00Z",
            "cron(0 10 LW * ? *);2026-11-30T10:00:00Z;2026-12-31T10:00:00Z",
            "cron(0 10 ? * L *);2026-12-05T10:00:00Z;2026-12-12T10:00:00Z",
            "cron(0/15 * ? * MON-FRI *);2026-11-30T00:00:00Z;2026-11-30T00:15:00Z",
            "cron(0 12 ? * 2 *);2026-11-30T12:00:00Z;2026-12-07T12:00:00Z",
            "cron(5,35 14 * * ? *);2026-11-29T14:05:00Z;2026-11-29T14:35:00Z",
            "cron(0 8 1 JAN,JUL ? 2027-2030);2027-01-01T08:00:00Z;2027-07-01T08:00:00Z",
            "cron(0 3 * * ? *);2026-11-30T03:00:00Z;2026-12-01T03:00:00Z",
            "30 2 * * *;2026-11-30T02:30:00Z;2026-12-01T02:30:00Z",
            "*/15 * * * 1-5;2026-11-30T00:00:00Z;2026-11-30T00:15:00Z",
            "0 0 * * 0;2026-12-06T00:00:00Z;2026-12-13T00:00:00Z",
            "0 0 * * 7;2026-12-06T00:00:00Z;2026-12-13T00:00:00Z",
            "0 9 * JAN MON;2027-01-04T09:00:00Z;2027-01-11T09:00:00Z",
            "0 0 13 * 5;2026-12-04T00:00:00Z;2026-12-11T00:00:00Z",
            "@hourly;2026-11-29T13:00:00Z;2026-11-29T14:00:00Z",
            "@daily;2026-11-30T00:00:00Z;2026-12-01T00:00:00Z",
            "@weekly;2026-12-06T00:00:00Z;2026-12-13T00:00:00Z",
            "@monthly;2026-12-01T00:00:00Z;2027-01-01T00:00:00Z",
            "@yearly;2027-01-01T00:00:00Z;2028-01-01T00:00:00Z",
            "rate(1 minute);2026-11-29T12:01:00Z;2026-11-29T12:02:00Z",
            "rate(5 minutes);2026-11-29T12:05:00Z;2026-11-29T12:10:00Z",
            "rate(2 hours);2026-11-29T14:00:00Z;2026-11-29T16:00:00Z",
            "rate(1 day);2026-11-30T00:00:00Z;2026-12-01T00:00:00Z",
    })
    void everyFormFiresWhereItShould(String expression, Instant first, Instant second) {
        assertThat(fires(expression, "UTC", SUNDAY_NOON, 2)).containsExactly(first, second);
    }

    @Test
    void standardCronFiresWhenEitherRestrictedDayFieldMatches() {
        // Vixie cron: the 13th of the month OR a Friday.
        assertThat(fires("0 0 13 * 5", "UTC", SUNDAY_NOON, 4)).containsExactly(times(
                "2026-12-04T00:00:00Z", "2026-12-11T00:00:00Z", "2026-12-13T00:00:00Z", "2026-12-18T00:00:00Z").toArray(Instant[]::new));
    }

    @Test
    void cronIsReadInTheZone() {
        assertThat(fires("cron(0 9 * * ? *)", "Asia/Kolkata", SUNDAY_NOON, 1)).containsExactly(Instant.parse("2026-11-30T03:30:00Z"));
        assertThat(fires("0 9 * * *", "America/New_York", SUNDAY_NOON, 1)).containsExactly(Instant.parse("2026-11-29T14:00:00Z"));
    }

    @Test
    void nextIsStrictlyAfter() {
        Instant three = Instant.parse("2026-11-30T03:00:00Z");
        assertThat(ScheduleExpression.parse("cron(0 3 * * ? *)", ZoneOffset.UTC).next(three)).contains(three.plusSeconds(86_400));
        assertThat(ScheduleExpression.parse("cron(0 3 * * ? *)", ZoneOffset.UTC).next(three.minusMillis(1))).contains(three);
        assertThat(ScheduleExpression.parse("rate(5 minutes)", ZoneOffset.UTC).next(three)).contains(three.plusSeconds(300));
    }

    @Test
    void anExpressionWhoseYearsArePastNeverFiresAgain() {
        assertThat(fires("cron(0 8 1 JAN ? 2027)", "UTC", SUNDAY_NOON, 5)).containsExactly(Instant.parse("2027-01-01T08:00:00Z"));
        assertThat(ScheduleExpression.parse("cron(0 0 31 2 ? *)", ZoneOffset.UTC).next(SUNDAY_NOON)).isEmpty();
    }

    @Test
    void aRateCountsFromItsAnchor() {
        ScheduleExpression rate = ScheduleExpression.parse("rate(10 minutes)", ZoneOffset.UTC).anchoredAt(Instant.parse("2026-11-29T12:03:07Z"));
        assertThat(rate.next(SUNDAY_NOON)).contains(Instant.parse("2026-11-29T12:03:07Z"));
        assertThat(rate.next(Instant.parse("2026-11-29T12:03:07Z"))).contains(Instant.parse("2026-11-29T12:13:07Z"));
        assertThat(rate.next(Instant.parse("2026-11-29T13:00:00Z"))).contains(Instant.parse("2026-11-29T13:03:07Z"));
    }

    @Test
    void textIsNormalisedAndKeptWithItsZone() {
        ScheduleExpression e = ScheduleExpression.parse("  cron(0  3 * *   ? *) ", "Europe/Berlin");
        assertThat(e.text()).isEqualTo("cron(0 3 * * ? *)");
        assertThat(e.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "cron(60 * * * ? *);minutes;'60': expected a value 0-59",
            "cron(0 24 * * ? *);hours;'24': expected a value 0-23",
            "cron(0 3 32 * ? *);day-of-month;'32'",
            "cron(0 3 ? 13 MON *);month;expected a value 1-12 or JAN-DEC",
            "cron(0 3 ? * 8 *);day-of-week;expected a value 1-7 or SUN-SAT",
            "cron(0 3 ? * MON#6 *);day-of-week;n#k",
            "cron(0 3 * * ? 2200);year;1970-2199",
            "cron(0 3 * * * *);day-of-week;exactly one of day-of-month and day-of-week to be '?'",
            "cron(0 3 ? * ? *);day-of-month;exactly one of day-of-month and day-of-week to be '?'",
            "cron(0 3 15-10 * ? *);day-of-month;'15-10'",
            "cron(*/0 * * * ? *);minutes;'*/0'",
            "cron(0 3 1,x * ? *);day-of-month;has 'x' in '1,x'",
            "0 3 * * 8;day-of-week;expected a value 0-7 or SUN-SAT",
            "0 3 L * *;day-of-month;'L'",
            "0 3 * * ?;day-of-week;'?'",
            "rate(1 minutes);unit;expected 'minute'",
            "rate(5 minute);unit;expected 'minutes'",
            "rate(5 weeks);unit;expected minute(s), hour(s) or day(s)",
            "rate(0 minutes);value;expected a whole number from 1",
            "rate(five minutes);value;'five'",
    })
    void errorsNameTheFieldAndWhatItExpects(String expression, String field, String message) {
        assertThatThrownBy(() -> ScheduleExpression.parse(expression, ZoneOffset.UTC))
                .isInstanceOfSatisfying(ScheduleSyntaxException.class, e -> assertThat(e.field()).isEqualTo(field))
                .hasMessageContaining("the " + field + " field").hasMessageContaining(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "cron(0 3 * * ?);has 5 fields: expected 6 (minutes hours day-of-month month day-of-week year)",
            "0 3 * * * *;six fields are EventBridge syntax, written cron(...)",
            "0 3 * *;has 4 fields: expected 5 (minute hour day-of-month month day-of-week)",
            "@often;is not a cron nickname",
            "rate(5);expected rate(value unit)",
            "at(2026-11-29T03:00:00);only recurring",
            "cron 0 3 * * ? *;expected cron(minutes hours",
    })
    void errorsAboutTheWholeExpressionSayWhatWasExpected(String expression, String message) {
        assertThatThrownBy(() -> ScheduleExpression.parse(expression, ZoneOffset.UTC))
                .isInstanceOf(ScheduleSyntaxException.class).hasMessageContaining(message);
    }

    @Test
    void anUnknownZoneIsRefusedClearly() {
        assertThatThrownBy(() -> ScheduleExpression.parse("cron(0 3 * * ? *)", "Europe/Atlantis"))
                .isInstanceOf(ScheduleSyntaxException.class).hasMessageContaining("expected an IANA name such as Europe/Berlin");
    }
}
