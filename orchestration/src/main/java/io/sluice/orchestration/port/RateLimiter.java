package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;

/**
 * A rate limit shared by every worker that calls one downstream system: a token bucket per key.
 * Time is passed in, so the decision is the same whichever worker's clock asks.
 */
public interface RateLimiter {

    /** Takes one permit from {@code bucket}, or says how long until one is free. */
    Decision tryAcquire(String bucket, Limit limit, Instant now);

    /** A bucket holds at most {@code burst} permits and gains {@code perSecond} permits a second. */
    record Limit(double perSecond, int burst) {
        public Limit {
            if (!(perSecond > 0) || burst < 1) {
                throw new IllegalArgumentException("a rate limit needs a positive rate and a burst of at least 1; got "
                        + perSecond + "/s, burst " + burst);
            }
        }
    }

    /** Granted, or refused with the wait until a permit is free. */
    record Decision(boolean granted, Duration retryAfter) {
        public static final Decision GRANTED = new Decision(true, Duration.ZERO);

        public static Decision retryAfter(Duration wait) {
            return new Decision(false, wait);
        }
    }
}
