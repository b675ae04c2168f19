package io.sluice.orchestration.path;

/**
 * Randomness handed to the core. The core never creates its own, so the same inputs give the
 * same transition (retry jitter, {@code States.MathRandom}, {@code States.UUID}).
 */
public interface RandomSource {
    /** A value in [0, 1). */
    double nextDouble();

    long nextLong();

    /** A deterministic source from a seed, for tests, replay and the express runner. */
    static RandomSource seeded(long seed) {
        return new SplitMixRandom(seed);
    }
}
