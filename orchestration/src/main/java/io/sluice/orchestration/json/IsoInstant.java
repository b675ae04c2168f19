package io.sluice.orchestration.json;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * {@link Instant#toString()}'s text without its formatter: ISO-8601 in UTC, seconds always, the fraction in groups of
 * three digits (none when zero), {@code Z}. The engine writes several a transition (history lines, the summary, timers),
 * and the JDK's formatter was ~1.7 % of the runtime's CPU samples at 8 in flight. Years outside 1 to 9999 are left to
 * the JDK, whose text then differs only in a sign or width.
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

    private static void put(byte[] b, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            b[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
