package io.sluice.orchestration.path;

/**
 * A monotonic time source a host hands to the core (typically {@code System::nanoTime}, as
 * {@code io.sluice.functions.time.SystemTime.TICKER}). In this module it is read only by the wall-clock backstop of
 * expression evaluation: an evaluation that runs past its deadline stops with {@code States.QueryEvaluationError}.
 * Nothing else here reads it, so a transition's outcome never depends on it unless an expression was already slow
 * enough to be stopped. The functions module measures intervals with it too (the pacing of a priority channel's
 * starts), so that a test can drive them from a manual clock.
 *
 * <p>Why injected and not read here: the core may not read the clock (the architecture test
 * {@code orchestrationReadsNoClockOrRandom} forbids {@code System.nanoTime}, with no exception), exactly as
 * the time of an execution ({@code now}) and its randomness ({@code RandomSource}) are handed in. So the
 * engine's entry points ({@code Interpreter}, {@code ExpressRunner}) take a ticker and supply the deadline
 * length ({@link #BACKSTOP_NANOS}); with {@link #NONE}, their default when a host passes none, the backstop
 * is off and only the deterministic step and size budgets bound an evaluation.
 */
@FunctionalInterface
public interface Ticker {
    /** The default deadline of one evaluation: one second. */
    long BACKSTOP_NANOS = 1_000_000_000L;

    /** No time source: the backstop is off. */
    Ticker NONE = () -> 0L;

    /** Nanoseconds from an arbitrary origin, like {@code System.nanoTime()}; only differences are meaningful. */
    long nanos();

    /** Whether this ticker measures time (every ticker but {@link #NONE}). */
    default boolean ticks() {
        return this != NONE;
    }
}
