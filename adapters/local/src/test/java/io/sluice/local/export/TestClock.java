package io.sluice.local.export;

import io.sluice.functions.task.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A clock that moves only when the code under test sleeps, and remembers every sleep. */
final class TestClock extends Clock implements Sleeper {
    private volatile Instant now;
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    TestClock(Instant start) {
        this.now = start;
    }

    @Override
    public synchronized void sleep(Duration d) {
        sleeps.add(d);
        now = now.plus(d);
    }

    Duration slept() {
        return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
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
