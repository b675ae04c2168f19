package io.sluice.orchestration.path;

import java.util.UUID;

/**
 * Randomness handed to the core. The core never creates its own, so the same inputs give the
 * same transition (retry jitter, {@code States.MathRandom}, {@code States.UUID}).
 */
public interface RandomSource {
    /** A value in [0, 1). */
    double nextDouble();

    long nextLong();

    /** A random (version 4, IETF variant) UUID drawn from this source. */
    default UUID uuid() {
        long high = (nextLong() & ~0xF000L) | 0x4000L; // version 4
        long low = (nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L; // IETF variant
        return new UUID(high, low);
    }

    /** Fills {@code bytes} from this source. */
    default void nextBytes(byte[] bytes) {
        for (int i = 0; i < bytes.length; i += Long.BYTES) {
            long value = nextLong();
            for (int j = i; j < Math.min(bytes.length, i + Long.BYTES); j++) {
                bytes[j] = (byte) value;
                value >>>= Byte.SIZE;
            }
        }
    }

    /** A deterministic source from a seed, for tests, replay and the express runner. */
    static RandomSource seeded(long seed) {
        return new SplitMixRandom(seed);
    }
}
