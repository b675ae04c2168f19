package io.sluice.functions.channel;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;

/**
 * A backend saying it is saturated, read from a task's error, and how far to throttle for it: the first signal pauses
 * the lowest channel (P3) for {@code hold}; signals that keep coming pause one more channel each {@code step} (P2, then
 * P1; P0 never), each signal extending the hold; once no signal has come for {@code hold}, it starts from the lowest
 * again. One per consumer (a function's channels); thread-safe.
 *
 * <p>The errors that say so: a name whose last part is a known saturation code, whatever service prefixes it
 * ({@code Glue.ConcurrentRunsExceededException}, {@code Glue.ThrottlingException}, {@code Lambda.TooManyRequestsException},
 * a warehouse's {@code ActiveStatementsExceededException} or too many connections, S3's {@code SlowDown}).
 */
public final class Saturation {
    private static final Set<String> CODES = Set.of("concurrentrunsexceededexception", "throttlingexception", "throttledexception",
            "toomanyrequestsexception", "requestlimitexceeded", "provisionedthroughputexceededexception",
            "activestatementsexceededexception", "toomanyconnections", "toomanyconnectionsexception", "slowdown",
            "servicebusyexception");

    private final Duration hold;
    private final Duration step;
    private int level;
    private Instant until = Instant.MIN;
    private Instant raised = Instant.MIN;

    public Saturation(Duration hold, Duration step) {
        if (hold == null || !hold.isPositive() || step == null || !step.isPositive()) {
            throw new IllegalArgumentException("saturation: expected a positive hold and step; got " + hold + ", " + step);
        }
        this.hold = hold;
        this.step = step;
    }

    /** 30 s hold, one more channel each 10 s of signals. */
    public static Saturation defaults() {
        return new Saturation(Duration.ofSeconds(30), Duration.ofSeconds(10));
    }

    /** Whether the ASL error {@code error} (as a task's result names it) says its backend is saturated. */
    public static boolean saysSaturated(String error) {
        if (error == null || error.isBlank()) {
            return false;
        }
        String code = error.substring(error.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return CODES.contains(code);
    }

    /** What to tell the consumer's {@link ChannelTaker#saturated} after one more signal at {@code now}. */
    public synchronized Signal signal(Instant now) {
        if (!now.isBefore(until)) {
            level = 1;
            raised = now;
        } else if (level < 3 && !now.isBefore(raised.plus(step))) {
            level++;
            raised = now;
        }
        until = now.plus(hold);
        return new Signal(level, until);
    }

    /** @param level how many of the lowest channels to pause (1..3) @param until until when */
    public record Signal(int level, Instant until) {}
}
