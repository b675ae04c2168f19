package io.sluice.orchestration.choice;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * Timestamps as the States Language defines them: RFC 3339 date-times with an uppercase {@code T}
 * between date and time and an uppercase {@code Z} or a {@code +hh:mm}/{@code -hh:mm} offset, e.g.
 * {@code 2016-03-14T01:59:00Z} or {@code 2016-03-14T03:59:00.125+02:00}.
 *
 * <p>Java's ISO formatters are looser than RFC 3339 (they accept a missing seconds field and
 * offsets with seconds), so the format is spelled out here. Fractions of a second may have 1 to 9
 * digits, the precision an {@link Instant} holds.
 */
final class Timestamps {
    private static final DateTimeFormatter RFC_3339 = new DateTimeFormatterBuilder()
            .parseCaseSensitive()
            .appendValue(ChronoField.YEAR, 4)
            .appendLiteral('-')
            .appendValue(ChronoField.MONTH_OF_YEAR, 2)
            .appendLiteral('-')
            .appendValue(ChronoField.DAY_OF_MONTH, 2)
            .appendLiteral('T')
            .appendValue(ChronoField.HOUR_OF_DAY, 2)
            .appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
            .appendLiteral(':')
            .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
            .optionalEnd()
            .appendOffset("+HH:MM", "Z")
            .toFormatter(Locale.ROOT)
            .withChronology(IsoChronology.INSTANCE)
            .withResolverStyle(ResolverStyle.STRICT);

    private Timestamps() {}

    /** The instant {@code text} names, or {@code null} when it is not a States Language timestamp. */
    static Instant parse(String text) {
        try {
            return OffsetDateTime.parse(text, RFC_3339).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
