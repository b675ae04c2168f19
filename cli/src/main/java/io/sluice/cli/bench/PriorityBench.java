package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.priority.Priority;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * P0 start-to-first-task latency, unloaded and then behind a P3 backlog, on one function's channels of a
 * local runtime: each sample starts a P0 execution (one task) and measures from the call to start until
 * its task function is invoked. The P3 backlog is {@code backlog} executions whose one task takes
 * {@code p3TaskMillis}, started all at once before the loaded samples, so their tasks wait in the P3 channel.
 */
public final class PriorityBench {
    public static final String FUNCTION = "bench-work";
    private static final Definition ONE_TASK = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Work", "States": {"Work": {"Type": "Task", "Resource": "sluice:function:bench-work", "End": true}}}"""));

    /** @param samples P0 starts measured each phase; @param spacingMillis between two; @param warmup uncounted P0 starts first */
    public record Options(int samples, int spacingMillis, int backlog, int p3TaskMillis, int warmup) {}

    public record Figures(int samples, double unloadedP50, double unloadedP99, double loadedP50, double loadedP99, long backlogBefore,
                          long backlogAfter) {
        public double ratio() {
            return loadedP99 / unloadedP99;
        }

        public String json() {
            return String.format(Locale.ROOT, "{\"samples\":%d,\"unloadedP50Ms\":%.2f,\"unloadedP99Ms\":%.2f,\"loadedP50Ms\":%.2f,"
                    + "\"loadedP99Ms\":%.2f,\"p3BacklogBefore\":%d,\"p3BacklogAfter\":%d,\"p99Ratio\":%.2f}", samples, unloadedP50,
                    unloadedP99, loadedP50, loadedP99, backlogBefore, backlogAfter, ratio());
        }
    }

    /** The function: a P0 sample's input has {@code bench} (its invocation is recorded), a P3 filler's has not (it works a while). */
    public static final class Work implements Function<JsonNode, JsonNode> {
        private volatile AtomicLongArray invokedAt = new AtomicLongArray(0);
        private final int p3TaskMillis;
        final AtomicInteger fillers = new AtomicInteger();

        Work(int p3TaskMillis) {
            this.p3TaskMillis = p3TaskMillis;
        }

        void expect(int samples) {
            invokedAt = new AtomicLongArray(samples);
        }

        @Override
        public JsonNode apply(JsonNode input) {
            long now = System.nanoTime();
            int i = input.path("bench").asInt(-1);
            AtomicLongArray at = invokedAt;
            if (i >= 0 && i < at.length()) {
                at.compareAndSet(i, 0L, now);
            } else if (i < 0) {
                fillers.incrementAndGet();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(p3TaskMillis));
            }
            return Json.object();
        }
    }

    public static Work work(int p3TaskMillis) {
        return new Work(p3TaskMillis);
    }

    public static TaskFunctions functions(Work work) {
        return TaskFunctions.of(Map.of(FUNCTION, work));
    }

    public static List<String> functionNames() {
        return List.of(FUNCTION);
    }

    public Figures run(LocalRuntime runtime, Work work, TaskQueue queue, String p3Queue, Options o, PrintStream err) throws InterruptedException {
        if (o.warmup() > 0) {
            err.println("sluice bench: " + o.warmup() + " warm-up P0 starts (not counted)...");
            sample(runtime, work, "warm", o.warmup(), o.spacingMillis());
        }
        err.println("sluice bench: " + o.samples() + " P0 starts, unloaded...");
        double[] unloaded = sample(runtime, work, "idle", o.samples(), o.spacingMillis());
        err.println("sluice bench: starting " + o.backlog() + " P3 executions (the backlog)...");
        for (int i = 0; i < o.backlog(); i++) {
            runtime.start("bench-p3", "fill-" + i, ONE_TASK, Json.object(), Priority.P3);
        }
        long before = queue.backlog(p3Queue).map(TaskQueue.Backlog::visible).orElse(-1L);
        err.println("sluice bench: " + o.samples() + " P0 starts behind " + before + " waiting P3 tasks...");
        double[] loaded = sample(runtime, work, "busy", o.samples(), o.spacingMillis());
        long after = queue.backlog(p3Queue).map(TaskQueue.Backlog::visible).orElse(-1L);
        Percentiles u = new Percentiles(unloaded);
        Percentiles l = new Percentiles(loaded);
        return new Figures(o.samples(), u.at(50), u.at(99), l.at(50), l.at(99), before, after);
    }

    /** Starts {@code n} P0 executions {@code spacingMillis} apart and waits for each one's task; the latencies in ms. */
    private static double[] sample(LocalRuntime runtime, Work work, String phase, int n, int spacingMillis) throws InterruptedException {
        work.expect(n);
        AtomicLongArray invoked = work.invokedAt;
        long[] startedAt = new long[n];
        for (int i = 0; i < n; i++) {
            startedAt[i] = System.nanoTime();
            runtime.start("bench-p0", phase + "-" + i + "-" + startedAt[i], ONE_TASK, Json.object().put("bench", i), Priority.P0);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(spacingMillis));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            while (invoked.get(i) == 0L) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("P0 sample " + i + " of " + phase + " never ran its task within 120 s");
                }
                Thread.sleep(1);
            }
            ms[i] = (invoked.get(i) - startedAt[i]) / 1e6;
        }
        return ms;
    }
}
