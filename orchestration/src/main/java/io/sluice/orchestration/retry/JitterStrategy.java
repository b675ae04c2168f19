package io.sluice.orchestration.retry;

/** How a retry delay is randomised: {@code NONE} waits the computed interval, {@code FULL} a uniform share of it. */
public enum JitterStrategy {
    NONE,
    FULL
}
