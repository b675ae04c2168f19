package io.sluice.functions.task;

import java.time.Duration;

/**
 * Capped exponential backoff as a value: the wait before retry {@code n} (0-based) is
 * {@code initial × rate^n}, never more than {@code max}. Pure, so tests need no clock; a wait the
 * other side asks for (HTTP {@code Retry-After}) wins when longer, still under the cap.
 */
public record Backoff(Duration initial, double rate, Duration max, int maxRetries) {

    public Backoff {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= max; got " + initial + " and " + max);
        }
        if (rate < 1.0) {
            throw new IllegalArgumentException("backoff rate must be at least 1.0; got " + rate);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be zero or more; got " + maxRetries);
        }
    }

    /** The wait before retry {@code retry} (0 for the first). */
    public Duration delay(int retry) {
        double millis = initial.toMillis() * Math.pow(rate, Math.max(0, retry));
        return millis >= max.toMillis() ? max : Duration.ofMillis(Math.round(millis));
    }

    /** The wait before retry {@code retry} when the other side asked for {@code requested} (may be {@code null}). */
    public Duration delay(int retry, Duration requested) {
        Duration own = delay(retry);
        if (requested == null || requested.compareTo(own) <= 0) {
            return own;
        }
        return requested.compareTo(max) > 0 ? max : requested;
    }

    public boolean allowsRetry(int retriesSoFar) {
        return retriesSoFar < maxRetries;
    }
}
