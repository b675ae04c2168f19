package io.sluice.functions.time;

import io.sluice.orchestration.path.Ticker;

/**
 * The machine's monotonic time, read here and nowhere else in the core modules ({@code orchestration}, {@code functions},
 * {@code api}): the architecture test {@code coreReadsNoClock} forbids every other read of the system's time there.
 *
 * <p>Time is handed in: a class that needs it takes a {@link java.time.Clock} (wall time, which every host already
 * provides) or a {@link Ticker} (monotonic nanoseconds), so a test runs it on a {@code ManualClock}. This ticker is what
 * the composition roots inside the core modules ({@code ChildRuns.wire}, {@code SfnService.builder}) and the constructors kept
 * for hosts that pass no ticker of their own default to; the classes allowed to name it are listed in the architecture
 * test ({@code SYSTEM_TIME_USERS}), so a new default is a visible decision.
 */
public final class SystemTime {
    /** Monotonic nanoseconds ({@link System#nanoTime}): for intervals, which a wall clock set back would distort. */
    public static final Ticker TICKER = System::nanoTime;

    /** The machine's wall time (UTC), for the few defaults named in the architecture test that are handed no clock. */
    public static final java.time.Clock CLOCK = java.time.Clock.systemUTC();

    private SystemTime() {}
}
