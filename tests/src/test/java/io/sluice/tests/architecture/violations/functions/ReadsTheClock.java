package io.sluice.tests.architecture.violations.functions;

import io.sluice.tests.architecture.violations.functions.time.SystemTime;
import java.time.Clock;
import java.time.Instant;

/** Bad: a function that reads the system's time itself, and one that takes it from SystemTime without being a named root. */
public class ReadsTheClock {
    public Object[] readAll() {
        return new Object[] {System.nanoTime(), Instant.now(), Clock.systemUTC(), SystemTime.nanos()};
    }
}
