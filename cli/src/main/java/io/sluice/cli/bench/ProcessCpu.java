package io.sluice.cli.bench;

import java.lang.management.ManagementFactory;

/** The CPU time a bench's own JVM has used, and the heap it has allocated. */
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

    /**
     * Bytes this JVM has allocated on the heap since it started (every thread, virtual threads' on their carriers;
     * {@code ThreadMXBean.getTotalThreadAllocatedBytes}, an approximation), or {@code -1} where the JVM does not tell.
     * What a run allocates sets how often the collector pauses it.
     */
    static long allocatedBytes() {
        return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                ? threads.getTotalThreadAllocatedBytes() : -1;
    }
}
