package io.sluice.tests.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.describe;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import java.util.Set;

/** What counts as reading the system clock or an unseeded random source, for the rules of {@link SluiceArchitecture}. */
final class TimeReads {
    private TimeReads() {}

    private static final Set<String> CLOCK_FACTORIES_ON_SYSTEM_TIME =
            Set.of("systemUTC", "systemDefaultZone", "system", "tickSeconds", "tickMinutes", "tickMillis");
    private static final Set<String> UNSEEDED_RANDOM_CLASSES =
            Set.of("java.util.Random", "java.security.SecureRandom", "java.util.SplittableRandom");

    static final DescribedPredicate<JavaAccess<?>> READS_CLOCK = describe(
            "read the system clock (System.currentTimeMillis/nanoTime, java.time *.now() without a Clock, Clock.system*/tick*)",
            access -> readsClock(access.getTarget()));

    static final DescribedPredicate<JavaAccess<?>> READS_CLOCK_OR_RANDOM = describe(
            "read the system clock or create a random source "
                    + "(System.currentTimeMillis/nanoTime, java.time *.now() without a Clock, Clock.system*/tick*, "
                    + "Math.random, UUID.randomUUID, new Random/SecureRandom/SplittableRandom, "
                    + "SecureRandom.getInstance*, RandomGenerator.getDefault/of, RandomGeneratorFactory, ThreadLocalRandom)",
            access -> readsClockOrRandom(access.getTarget()));

    static final DescribedPredicate<JavaAccess<?>> READS_RANDOM = describe(
            "create or draw from a random source (Math.random, UUID.randomUUID, new Random/SecureRandom/SplittableRandom, "
                    + "SecureRandom.getInstance*, RandomGenerator.getDefault/of, RandomGeneratorFactory, ThreadLocalRandom)",
            access -> readsRandom(access.getTarget()));

    private static boolean readsClockOrRandom(AccessTarget target) {
        return readsClock(target) || readsRandom(target);
    }

    private static boolean readsClock(AccessTarget target) {
        String owner = target.getOwner().getName();
        String name = target.getName();
        return switch (owner) {
            case "java.lang.System" -> name.equals("currentTimeMillis") || name.equals("nanoTime");
            case "java.time.Clock", "java.time.InstantSource" -> CLOCK_FACTORIES_ON_SYSTEM_TIME.contains(name);
            default -> target.getOwner().getPackageName().startsWith("java.time") && name.equals("now") && !takesAClock(target);
        };
    }

    private static boolean readsRandom(AccessTarget target) {
        String owner = target.getOwner().getName();
        String name = target.getName();
        return switch (owner) {
            case "java.lang.Math", "java.lang.StrictMath" -> name.equals("random");
            case "java.util.UUID" -> name.equals("randomUUID");
            case "java.util.concurrent.ThreadLocalRandom", "java.util.random.RandomGeneratorFactory" -> true;
            case "java.util.random.RandomGenerator" -> name.equals("getDefault") || name.equals("of");
            case "java.security.SecureRandom" -> name.equals("<init>") || name.startsWith("getInstance");
            default -> UNSEEDED_RANDOM_CLASSES.contains(owner) && name.equals("<init>");
        };
    }

    /** {@code Instant.now(clock)} reads the clock it is given, which is how time enters the core. */
    private static boolean takesAClock(AccessTarget target) {
        return target instanceof CodeUnitAccessTarget codeUnit
                && codeUnit.getRawParameterTypes().stream().anyMatch(type -> type.isEquivalentTo(java.time.Clock.class));
    }
}
