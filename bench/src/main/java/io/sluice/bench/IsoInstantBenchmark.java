package io.sluice.bench;

import io.sluice.orchestration.json.IsoInstant;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Reading an instant as the engine stores it (an execution's start and stop, each frame's entered time, each history
 * line's): {@link IsoInstant#parse} against the JDK's {@link Instant#parse}, on texts with no fraction, milliseconds and
 * nanoseconds.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class IsoInstantBenchmark {
    private final String[] texts = {"2026-12-07T23:05:15Z", "2026-12-07T23:05:15.123Z", "2026-12-07T23:05:15.123456789Z"};
    private int next;

    private String text() {
        next = next == texts.length - 1 ? 0 : next + 1;
        return texts[next];
    }

    @Benchmark
    public Instant isoInstantParse() {
        return IsoInstant.parse(text());
    }

    @Benchmark
    public Instant jdkInstantParse() {
        return Instant.parse(text());
    }
}
