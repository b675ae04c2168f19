package io.sluice.functions.task;

import java.time.Duration;

/** Waits; injected so that tests of retry loops do not sleep. */
@FunctionalInterface
public interface Sleeper {
    Sleeper REAL = d -> Thread.sleep(d);

    void sleep(Duration duration) throws InterruptedException;
}
