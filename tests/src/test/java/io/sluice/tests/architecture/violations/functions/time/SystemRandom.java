package io.sluice.tests.architecture.violations.functions.time;

import java.security.SecureRandom;

/** Good: the one class of the core modules that may make the unpredictable random source. */
public final class SystemRandom {
    public static final SecureRandom SECURE = new SecureRandom();

    private SystemRandom() {}
}
