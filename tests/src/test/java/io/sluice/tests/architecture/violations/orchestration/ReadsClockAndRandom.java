package io.sluice.tests.architecture.violations.orchestration;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/** Bad: every way of reading the system clock or an unseeded random source that the rule names. */
public class ReadsClockAndRandom {
    public Object[] readAll() {
        return new Object[] {
            System.currentTimeMillis(),
            System.nanoTime(),
            Instant.now(),
            LocalDateTime.now(),
            LocalDate.now(),
            ZonedDateTime.now(),
            OffsetDateTime.now(),
            Clock.systemUTC(),
            Clock.systemDefaultZone(),
            Math.random(),
            UUID.randomUUID(),
            new Random(),
            new SecureRandom(),
        };
    }

    public int threadLocal() {
        return ThreadLocalRandom.current().nextInt();
    }

    /** A method reference reads the clock just as well as a call. */
    public Supplier<Instant> clockByReference() {
        return Instant::now;
    }
}
