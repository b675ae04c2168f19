package io.sluice.testkit.time;

import io.sluice.orchestration.path.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock that reads what the test last set, moved only by {@link #set} and {@link #advance}; safe across threads.
 * Its {@link #ticker} gives the same time in nanoseconds, for code that measures intervals with a {@link Ticker}.
 */
public class ManualClock extends Clock {
    private final Instant origin;
    private volatile Instant now;

    public ManualClock(Instant start) {
        this.origin = start;
        this.now = start;
    }

    public synchronized void set(Instant instant) {
        now = instant;
    }

    public synchronized void advance(Duration by) {
        now = now.plus(by);
    }

    /** This clock's time in nanoseconds since its start: moves exactly as the clock does (not monotonic if the test sets it back). */
    public Ticker ticker() {
        return () -> Duration.between(origin, now).toNanos();
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
