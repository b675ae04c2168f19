package io.sluice.orchestration.retry;

import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.RandomSource;
import java.util.List;

/**
 * One Retry entry of a state: which errors it handles and how long to wait before each attempt.
 * An immutable value whose delay is a pure function of the attempt and the randomness given.
 *
 * @param maxDelaySeconds caps every delay; {@code 0} means no cap
 */
public record RetryPolicy(List<String> errorEquals, int intervalSeconds, int maxAttempts, double backoffRate,
                          int maxDelaySeconds, JitterStrategy jitter) {

    public static final int DEFAULT_INTERVAL_SECONDS = 1;
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final double DEFAULT_BACKOFF_RATE = 2.0;
    /** No delay is longer than a year (Step Functions' largest MaxDelaySeconds), however steep the backoff. */
    public static final long CEILING_SECONDS = 31_622_400L;

    public RetryPolicy {
        errorEquals = List.copyOf(errorEquals);
        if (intervalSeconds < 1) throw new IllegalArgumentException("IntervalSeconds must be a positive integer, got " + intervalSeconds);
        if (maxAttempts < 0) throw new IllegalArgumentException("MaxAttempts must be zero or more, got " + maxAttempts);
        if (backoffRate < 1.0) throw new IllegalArgumentException("BackoffRate must be at least 1.0, got " + backoffRate);
        if (maxDelaySeconds < 0) throw new IllegalArgumentException("MaxDelaySeconds must be a positive integer, got " + maxDelaySeconds);
    }

    public static RetryPolicy defaults(List<String> errorEquals) {
        return new RetryPolicy(errorEquals, DEFAULT_INTERVAL_SECONDS, DEFAULT_MAX_ATTEMPTS, DEFAULT_BACKOFF_RATE, 0, JitterStrategy.NONE);
    }

    /** Whether this entry handles {@code error}. */
    public boolean handles(String error) {
        return handles(error, ErrorNames.isTerminal(error));
    }

    /** Whether this entry handles {@code error}, terminal or not where it was raised ({@link ErrorNames#isTerminal(String, boolean)}). */
    public boolean handles(String error, boolean terminal) {
        for (String pattern : errorEquals) {
            if (ErrorNames.matches(pattern, error, terminal)) {
                return true;
            }
        }
        return false;
    }

    /** Whether another attempt is allowed after {@code retriesSoFar} retries by this entry. */
    public boolean allowsRetry(int retriesSoFar) {
        return retriesSoFar < maxAttempts;
    }

    /**
     * The wait before retry number {@code retryIndex} (0 for the first retry), in milliseconds:
     * {@code IntervalSeconds × BackoffRate^retryIndex}, capped by MaxDelaySeconds (and by a year), then with FULL
     * jitter a uniform draw from [0, that].
     */
    public long delayMillis(int retryIndex, RandomSource random) {
        double seconds = intervalSeconds * Math.pow(backoffRate, retryIndex);
        if (maxDelaySeconds > 0) {
            seconds = Math.min(seconds, maxDelaySeconds);
        }
        long millis = seconds >= CEILING_SECONDS ? CEILING_SECONDS * 1000L : Math.round(seconds * 1000.0);
        if (jitter == JitterStrategy.FULL) {
            millis = (long) Math.floor(random.nextDouble() * millis);
        }
        return millis;
    }
}
