package io.sluice.aws.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.runtime.metrics.EmfLines;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Lambdas' metrics: the runtime's meters in a registry of this process, printed to standard out as CloudWatch embedded
 * metric format lines ({@link EmfLines}) when each invocation ends (and its spans exported, where tracing is on), where CloudWatch Logs extracts them. No CloudWatch API
 * call is made, and nothing runs between invocations (Lambda freezes the process then).
 */
public final class EmfMetrics {
    /**
     * Fewer tag sets where CloudWatch bills each as a metric of its own (per metric and month): the API's requests by
     * status class ({@code 2xx} ... {@code 5xx}) instead of status, and the Redis round trips by script and outcome without
     * the command (a script's calls are EVALSHA, the rest named by script {@code -}). What an alarm or a graph reads stays.
     */
    static final MeterFilter FEWER_METRICS = new MeterFilter() {
        @Override
        public Meter.Id map(Meter.Id id) {
            if (SluiceMeters.REDIS_CALLS.equals(id.getName())) {
                List<Tag> tags = new ArrayList<>();
                id.getTagsAsIterable().forEach(t -> {
                    if (!t.getKey().equals(SluiceMeters.COMMAND)) {
                        tags.add(t);
                    }
                });
                return id.replaceTags(tags);
            }
            String status = id.getTag(SluiceMeters.STATUS);
            if (!SluiceMeters.API_REQUESTS.equals(id.getName()) || status == null || status.length() != 3) {
                return id;
            }
            List<Tag> tags = new ArrayList<>();
            id.getTagsAsIterable().forEach(t -> tags.add(t.getKey().equals(SluiceMeters.STATUS) ? Tag.of(SluiceMeters.STATUS, status.charAt(0) + "xx") : t));
            return id.replaceTags(tags);
        }
    };

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final EmfLines lines;
    private final Clock clock;
    private final PrintStream out;

    /** @param namespace the CloudWatch namespace; @param out where Lambda collects the function's log (standard out) */
    public EmfMetrics(String namespace, Clock clock, PrintStream out) {
        registry.config().meterFilter(FEWER_METRICS);
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
