package io.sluice.aws.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.runtime.metrics.EmfLines;
import java.io.PrintStream;
import java.time.Clock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Lambdas' metrics: the runtime's meters in a registry of this process, printed to standard out as CloudWatch embedded
 * metric format lines ({@link EmfLines}) when each invocation ends (and its spans exported, where tracing is on), where CloudWatch Logs extracts them. No CloudWatch API
 * call is made, and nothing runs between invocations (Lambda freezes the process then).
 */
public final class EmfMetrics {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final EmfLines lines;
    private final Clock clock;
    private final PrintStream out;

    /** @param namespace the CloudWatch namespace; @param out where Lambda collects the function's log (standard out) */
    public EmfMetrics(String namespace, Clock clock, PrintStream out) {
        this.lines = new EmfLines(registry, namespace);
        this.clock = clock;
        this.out = out;
    }

    /** The registry the runtime reports to ({@code RuntimeBuilder.metrics}). */
    public MeterRegistry registry() {
        return registry;
    }

    /**
     * Prints what changed since the last flush, one log event per line; and, where tracing is on, exports the spans the
     * invocation made (to the ADOT collector layer's OTLP endpoint, say) before Lambda freezes the process.
     */
    public void flush() {
        for (String line : lines.flush(clock.instant())) {
            out.println(line);
        }
        io.sluice.runtime.tracing.ProcessTracing.flush();
    }

    /** {@code handler}, flushing after each invocation however it ends. */
    public <T, R> Function<T, R> flushingAfter(Function<T, R> handler) {
        return in -> {
            try {
                return handler.apply(in);
            } finally {
                flush();
            }
        };
    }

    /** {@code handler}, flushing after each invocation however it ends. */
    public <R> Supplier<R> flushingAfter(Supplier<R> handler) {
        return () -> {
            try {
                return handler.get();
            } finally {
                flush();
            }
        };
    }
}
