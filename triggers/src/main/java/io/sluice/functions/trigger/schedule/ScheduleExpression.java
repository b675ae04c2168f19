package io.sluice.functions.trigger.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * When a schedule fires. Three forms, as EventBridge and crontab write them:
 * <ul>
 *   <li>{@code cron(minutes hours day-of-month month day-of-week year)}: EventBridge's six fields, with
 *       {@code ? L W #}; exactly one of day-of-month and day-of-week is {@code ?}; day-of-week 1-7 is SUN-SAT;</li>
 *   <li>{@code rate(n minute[s]|hour[s]|day[s])}: every n units of elapsed time (singular for 1, as EventBridge insists);</li>
 *   <li>five-field standard cron {@code minute hour day-of-month month day-of-week} (day-of-week 0-7, 0 and 7 are Sunday;
 *       when both day fields are restricted, either matching fires, as in Vixie cron), and {@code @hourly},
 *       {@code @daily}/{@code @midnight}, {@code @weekly}, {@code @monthly}, {@code @yearly}/{@code @annually}.</li>
 * </ul>
 * Cron forms are read as wall-clock times in the zone; see {@link CronExpression} for daylight-saving changes.
 * Pure: no clock is read, {@code after} is passed in.
 */
public sealed interface ScheduleExpression permits CronExpression, RateExpression {

    /** Parses {@code text} for {@code zone}; throws {@link ScheduleSyntaxException} naming the field at fault. */
    static ScheduleExpression parse(String text, ZoneId zone) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(zone, "zone");
        String normalized = text.strip().replaceAll("\\s+", " ");
        String lower = normalized.toLowerCase(Locale.ROOT);
        if (normalized.isEmpty()) {
            throw new ScheduleSyntaxException(text, null, "is empty: expected cron(...), rate(...) or a five-field cron expression");
        }
        if (lower.startsWith("rate(") || lower.startsWith("rate ")) {
            return RateExpression.parse(normalized, zone);
        }
        if (lower.startsWith("cron(") || lower.startsWith("cron ")) {
            return CronExpression.parse(normalized, CronDialect.EVENTBRIDGE, zone);
        }
        if (lower.startsWith("at(")) {
            throw new ScheduleSyntaxException(normalized, null, "is a one-time at(...) expression; only recurring cron(...) and rate(...) schedules are supported");
        }
        return CronExpression.parse(normalized, CronDialect.STANDARD, zone);
    }

    /** Parses {@code text} with the zone given by its IANA name. */
    static ScheduleExpression parse(String text, String zone) {
        return parse(text, Zones.of(zone));
    }

    /** The first fire strictly after {@code after}; empty when the expression never fires again. */
    Optional<Instant> next(Instant after);

    /** The expression as written (whitespace collapsed), without the zone. */
    String text();

    ZoneId zone();

    /**
     * The same expression with its fire times aligned on {@code anchor}: a rate fires at anchor + k × period;
     * a cron expression is unchanged.
     */
    default ScheduleExpression anchoredAt(Instant anchor) {
        return this;
    }
}
