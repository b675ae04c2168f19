package io.sluice.functions.trigger.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rate(n unit)}: every {@code period} of elapsed time, on the grid anchor + k × period. Time
 * zones and daylight-saving changes do not move it (a rate counts elapsed time, as in EventBridge).
 * The zone is kept only to be reported. The anchor is the Unix epoch unless {@link #anchoredAt} moves it (a registry anchors a new
 * schedule at its registration, as EventBridge Scheduler starts a rate at its creation).
 */
public record RateExpression(String text, long amount, String unit, Duration period, Instant anchor, ZoneId zone) implements ScheduleExpression {
    private static final Pattern RATE = Pattern.compile("(?i)rate\\((.*)\\)");
    private static final Pattern BODY = Pattern.compile("(\\S+) (\\S+)");

    static RateExpression parse(String text, ZoneId zone) {
        Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            throw new ScheduleSyntaxException(text, null, "is not a rate: expected rate(value unit), e.g. rate(5 minutes)");
        }
        Matcher body = BODY.matcher(m.group(1).strip());
        if (!body.matches()) {
            throw new ScheduleSyntaxException(text, null, "has no value and unit: expected rate(value unit), e.g. rate(1 hour) or rate(5 minutes)");
        }
        long amount = value(text, body.group(1));
        String unit = body.group(2);
        Duration one = switch (unit) {
            case "minute", "minutes" -> Duration.ofMinutes(1);
            case "hour", "hours" -> Duration.ofHours(1);
            case "day", "days" -> Duration.ofDays(1);
            default -> throw new ScheduleSyntaxException(text, "unit", "'" + unit + "' is not a unit: expected minute(s), hour(s) or day(s)");
        };
        boolean plural = unit.endsWith("s");
        if (plural != (amount > 1)) {
            String expected = amount == 1 ? unit.substring(0, unit.length() - 1) : unit + "s";
            throw new ScheduleSyntaxException(text, "unit", "'" + unit + "' does not agree with " + amount + ": expected '" + expected
                    + "' (EventBridge takes the singular for 1 and the plural otherwise)");
        }
        return new RateExpression(text, amount, unit, one.multipliedBy(amount), Instant.EPOCH, zone);
    }

    private static long value(String text, String token) {
        try {
            long v = Long.parseLong(token);
            if (v >= 1 && v <= 1_000_000) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw new ScheduleSyntaxException(text, "value", "'" + token + "' is not a rate value: expected a whole number from 1 to 1000000");
    }

    @Override
    public Optional<Instant> next(Instant after) {
        long periodMillis = period.toMillis();
        long sinceAnchor = Duration.between(anchor, after).toMillis();
        long k = Math.floorDiv(sinceAnchor, periodMillis) + 1;
        return Optional.of(anchor.plusMillis(k * periodMillis));
    }

    @Override
    public RateExpression anchoredAt(Instant newAnchor) {
        return new RateExpression(text, amount, unit, period, newAnchor, zone);
    }
}
