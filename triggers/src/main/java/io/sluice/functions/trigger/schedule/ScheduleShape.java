package io.sluice.functions.trigger.schedule;

import java.time.ZoneId;
import java.util.Objects;

/**
 * What many schedules share: expression, zone, overlap and catch-up policy. The schedule index stores
 * each distinct shape once ({@link #encode()}: {@code expression|zone|overlap|catch-up}), so a
 * million pipelines scheduled "daily at 03:00 Europe/Berlin, skip, latest" cost one shape.
 */
public record ScheduleShape(ScheduleExpression expression, OverlapPolicy overlap, CatchUpPolicy catchUp) {
    public ScheduleShape {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(overlap, "overlap");
        Objects.requireNonNull(catchUp, "catchUp");
    }

    /** Parses the expression in {@code zone} (an IANA name); the policies as {@link OverlapPolicy#of} and {@link CatchUpPolicy#of} read them. */
    public static ScheduleShape of(String expression, String zone, String overlap, String catchUp) {
        return new ScheduleShape(ScheduleExpression.parse(expression, Zones.of(zone)), OverlapPolicy.of(overlap), CatchUpPolicy.of(catchUp));
    }

    public ZoneId zone() {
        return expression.zone();
    }

    public String encode() {
        return expression.text() + "|" + expression.zone().getId() + "|" + overlap.code() + "|" + catchUp.code();
    }

    public static ScheduleShape decode(String encoded) {
        int c3 = encoded.lastIndexOf('|');
        int c2 = c3 < 0 ? -1 : encoded.lastIndexOf('|', c3 - 1);
        int c1 = c2 < 0 ? -1 : encoded.lastIndexOf('|', c2 - 1);
        if (c1 < 0) {
            throw new IllegalArgumentException("Not a schedule shape (expression|zone|overlap|catch-up): '" + encoded + "'");
        }
        return of(encoded.substring(0, c1), encoded.substring(c1 + 1, c2), encoded.substring(c2 + 1, c3), encoded.substring(c3 + 1));
    }
}
