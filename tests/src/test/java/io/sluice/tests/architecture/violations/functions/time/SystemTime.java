package io.sluice.tests.architecture.violations.functions.time;

/** Good: the one class of the core modules that may read the system's time. */
public final class SystemTime {
    public static long nanos() {
        return System.nanoTime();
    }

    private SystemTime() {}
}
