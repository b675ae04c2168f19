package io.sluice.orchestration.json;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;

/**
 * {@link Instant#toString()}'s text without its formatter: ISO-8601 in UTC, seconds always, the fraction in groups of
 * three digits (none when zero), {@code Z}. The engine writes several a transition (history lines, the summary, timers),
 * and the JDK's formatter was ~1.7 % of the runtime's CPU samples at 8 in flight. Years outside 1 to 9999 are left to
 * the JDK, whose text then differs only in a sign or width. {@link #parse} reads the same text back without the JDK's
 * parser (~3 % of the runtime's CPU samples at 8 in flight: an execution's start, stop and frames, each transition).
 */
public final class IsoInstant {
    private static final long FIRST = -62_135_596_800L; // 0001-01-01T00:00:00Z
    private static final long END = 253_402_300_800L; // 10000-01-01T00:00:00Z

    private IsoInstant() {}

    /** What {@code t.toString()} answers. */
    public static String format(Instant t) {
        long seconds = t.getEpochSecond();
        if (seconds < FIRST || seconds >= END) {
            return t.toString();
        }
        int nanos = t.getNano();
        int digits = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        byte[] b = new byte[20 + (digits == 0 ? 0 : digits + 1)];
        long days = Math.floorDiv(seconds, 86_400L);
        int second = (int) Math.floorMod(seconds, 86_400L);
        // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar), by eras of 400 years.
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097);
        int dayOfEra = (int) (z - era * 146_097);
        int yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        int mp = (5 * dayOfYear + 2) / 153;
        int day = dayOfYear - (153 * mp + 2) / 5 + 1;
        int month = mp < 10 ? mp + 3 : mp - 9;
        int year = (int) (yearOfEra + era * 400) + (month <= 2 ? 1 : 0);
        put(b, 0, year, 4);
        b[4] = '-';
        put(b, 5, month, 2);
        b[7] = '-';
        put(b, 8, day, 2);
        b[10] = 'T';
        put(b, 11, second / 3_600, 2);
        b[13] = ':';
        put(b, 14, second / 60 % 60, 2);
        b[16] = ':';
        put(b, 17, second % 60, 2);
        int at = 19;
        if (digits > 0) {
            b[at++] = '.';
            put(b, at, nanos / (digits == 3 ? 1_000_000 : digits == 6 ? 1_000 : 1), digits);
            at += digits;
        }
        b[at] = 'Z';
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /**
     * What {@link Instant#parse} answers for {@code text}: read here when it is {@code yyyy-MM-ddTHH:mm:ss}, a fraction
     * of 1 to 9 digits or none, and {@code Z}, with a valid date and time (what {@link #format} and
     * {@link Instant#toString()} write for the years 1 to 9999); anything else goes to {@link Instant#parse}, which reads
     * or refuses it as before.
     */
    public static Instant parse(CharSequence text) {
        int length = text.length();
        if (length < 20 || length == 21 || length > 30 || text.charAt(length - 1) != 'Z' || text.charAt(4) != '-'
                || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':'
                || length > 20 && text.charAt(19) != '.') {
            return Instant.parse(text);
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        int fraction = length == 20 ? 0 : digits(text, 20, length - 21);
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > Month.of(month).length(Year.isLeap(year)) || hour < 0
                || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || fraction < 0) {
            return Instant.parse(text); // a leap second, a date that does not exist, a non-digit: the JDK's answer
        }
        for (int i = length - 21; i < 9; i++) {
            fraction *= 10;
        }
        long days = LocalDate.of(year, month, day).toEpochDay();
        return Instant.ofEpochSecond(days * 86_400L + hour * 3_600L + minute * 60L + second, fraction);
    }

    /** The decimal number of the {@code width} characters from {@code at}, or -1 if one of them is not a digit. */
    private static int digits(CharSequence text, int at, int width) {
        int value = 0;
        for (int i = at; i < at + width; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static void put(byte[] b, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            b[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
