package io.sluice.transfer.export;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads an HTTP {@code Retry-After} header: delay-seconds or an HTTP-date. */
final class RetryAfter {
    private RetryAfter() {}

    /** The wait it asks for at {@code now}, or {@code null} when there is none or it cannot be read. */
    static Duration parse(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String v = header.trim();
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(v));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        try {
            Duration d = Duration.between(now, ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
