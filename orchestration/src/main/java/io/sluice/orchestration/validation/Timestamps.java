package io.sluice.orchestration.validation;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * The timestamps ASL accepts: RFC 3339 date-times with an uppercase {@code T} and either an
 * uppercase {@code Z} or a numeric offset, such as {@code 2026-11-29T06:00:00Z}.
 */
final class Timestamps {
    private static final Pattern SHAPE = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})");

    private Timestamps() {}

    static boolean isValid(String text) {
        if (!SHAPE.matcher(text).matches()) {
            return false;
        }
        try {
            OffsetDateTime.parse(text); // rejects impossible dates and times, such as February 30th
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
