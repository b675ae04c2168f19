package io.sluice.tests.architecture.violations.api;

import java.time.Clock;
import java.util.function.Supplier;

/** Bad: an API class that falls back to the system clock instead of taking the host's. */
public class ReadsTheClock {
    public Supplier<Clock> fallback() {
        return Clock::systemUTC;
    }
}
