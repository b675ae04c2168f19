package io.sluice.aws.scheduler;

import io.sluice.functions.trigger.schedule.ScheduleKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The Scheduler name of a schedule: readable, within Scheduler's 64 characters of {@code [0-9A-Za-z-_.]}, and
 * unique, since pipeline ids may hold {@code :} and {@code @} and be 80 long: the schedule id with other characters
 * as {@code _} ({@code /} as {@code .}), cut to 55, then {@code -} and 8 hex of its SHA-256 ({@code orders.eod-1c2f9a0b}).
 */
final class ScheduleNames {
    private static final int READABLE = 55;

    private ScheduleNames() {}

    static String of(ScheduleKey key) {
        String id = key.scheduleId();
        StringBuilder readable = new StringBuilder();
        for (int i = 0; i < id.length() && readable.length() < READABLE; i++) {
            char c = id.charAt(i);
            readable.append(c == '/' ? '.' : Character.isLetterOrDigit(c) && c < 0x7F || c == '-' || c == '_' || c == '.' ? c : '_');
        }
        return readable + "-" + hash(id).substring(0, 8);
    }

    private static String hash(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }
}
