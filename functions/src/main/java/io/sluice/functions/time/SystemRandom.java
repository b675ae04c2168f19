package io.sluice.functions.time;

import io.sluice.orchestration.path.RandomSource;
import java.security.SecureRandom;

/**
 * The machine's unpredictable randomness, drawn here and nowhere else in the core modules ({@code orchestration}, the
 * function modules, {@code runtime}, {@code api}): the architecture test {@code coreReadsNoRandom} forbids every other
 * random source there.
 *
 * <p>Randomness is handed in: a class that draws it (task tokens' secrets, claim owners, generated ids, API keys) takes a
 * {@link RandomSource}, so a test gives it {@link RandomSource#seeded} and gets the same values every run. This source
 * is what the composition roots and the constructors kept for hosts that pass none default to; the classes allowed to
 * name it are listed in the architecture test ({@code SYSTEM_RANDOM_USERS}). It is a {@link SecureRandom}, so what it
 * draws is fit for secrets (API keys, task tokens).
 */
public final class SystemRandom {
    /** Unpredictable and thread-safe: a {@link SecureRandom}. */
    public static final RandomSource SECURE = new Secure(new SecureRandom());

    private SystemRandom() {}

    private record Secure(SecureRandom random) implements RandomSource {
        @Override
        public double nextDouble() {
            return random.nextDouble();
        }

        @Override
        public long nextLong() {
            return random.nextLong();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            random.nextBytes(bytes);
        }

        @Override
        public String toString() {
            return "SystemRandom.SECURE";
        }
    }
}
