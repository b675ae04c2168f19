package io.sluice.transfer.export;

import io.sluice.functions.task.Sleeper;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A clock that moves only when the code under test sleeps, and remembers every sleep. */
final class TestClock extends ManualClock implements Sleeper {
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    TestClock(Instant start) {
        super(start);
    }

    @Override
    public void sleep(Duration d) {
        sleeps.add(d);
        advance(d);
    }

    Duration slept() {
        return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
    }
}
