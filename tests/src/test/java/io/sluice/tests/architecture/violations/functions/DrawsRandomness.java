package io.sluice.tests.architecture.violations.functions;

import io.sluice.tests.architecture.violations.functions.time.SystemRandom;
import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Bad: a function that makes its own random sources, and one that takes SystemRandom's without being a named root. */
public class DrawsRandomness {
    public Object[] drawAll() {
        return new Object[] {UUID.randomUUID(), new SecureRandom(), ThreadLocalRandom.current().nextInt(), SystemRandom.SECURE};
    }
}
