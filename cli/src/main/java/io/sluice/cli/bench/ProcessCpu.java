package io.sluice.cli.bench;

import java.lang.management.ManagementFactory;

/** The CPU time a bench's own JVM has used. */
final class ProcessCpu {
    private ProcessCpu() {
    }

    /**
     * CPU time this process has used (every thread: the runtime, its functions, the bench's client and whatever else runs
     * in the JVM; not a Redis process), or {@code -1} where the JVM does not tell.
     */
    static long nanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }
}
