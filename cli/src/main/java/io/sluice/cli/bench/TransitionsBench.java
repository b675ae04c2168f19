package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.start.StartResult;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code sluice bench transitions}: N executions of a K-task sequential definition with no-op tasks
 * on a local runtime, at most C in flight. Throughput counts durable transitions (states entered,
 * each one committed); dispatch latency runs from a task function returning its result to the next
 * task function of the same execution being invoked — queue, orchestrator, commit and queue again.
 * Each {@link #run} measures only itself, so a first run can warm the JIT up for the one that counts.
 */
public final class TransitionsBench {
    public record Options(int executions, int tasks, int concurrency) {}

    /**
     * @param jvmCpuUsPerTransition    the CPU this JVM used during the run (every thread) over its transitions, µs; -1 if unknown
     * @param jvmAllocatedPerTransition the heap this JVM allocated during the run over its transitions, bytes; -1 if unknown
     */
    public record Figures(int executions, int tasks, int concurrency, long transitions, double seconds, double transitionsPerSecond,
                          double dispatchP50Ms, double dispatchP90Ms, double dispatchP99Ms, double dispatchP999Ms, int failed,
                          double jvmCpuUsPerTransition,
                          double jvmAllocatedPerTransition) {
        public String json() {
            ObjectNode o = Json.object();
            o.put("executions", executions).put("tasks", tasks).put("concurrency", concurrency).put("transitions", transitions)
                    .put("seconds", round(seconds)).put("transitions_per_s", round(transitionsPerSecond))
                    .put("dispatch_p50_ms", round(dispatchP50Ms)).put("dispatch_p90_ms", round(dispatchP90Ms))
                    .put("dispatch_p99_ms", round(dispatchP99Ms)).put("dispatch_p999_ms", round(dispatchP999Ms)).put("failed", failed)
                    .put("jvm_cpu_us_per_transition", Math.round(jvmCpuUsPerTransition))
                    .put("jvm_allocated_bytes_per_transition", Math.round(jvmAllocatedPerTransition));
            return Json.write(o);
        }

        private static double round(double v) {
            return Math.round(v * 100.0) / 100.0;
        }
    }

    private static final String FUNCTION = "bench-noop";
    /**
     * The run's dispatch latencies, ns, in one array made before the run: a boxed sample a transition (a queue node and a
     * {@code Double}) lived through the whole run, so every young collection copied all of them again, up to 15 times
     * ({@code -Xlog:gc+age=trace}: ~1 MB of the ~1.5 MB a collection copied at 8 in flight), and the pause the bench measured
     * was partly its own.
     */
    private volatile Samples latencies = new Samples(0);

    /** The no-op task: stamps when it returns, and measures how long ago the previous task returned. */
    public TaskFunctions functions() {
        return TaskFunctions.of(Map.of(FUNCTION, this::noop));
    }

    public Set<String> functionNames() {
        return Set.of(FUNCTION);
    }

    private JsonNode noop(JsonNode in) {
        long now = System.nanoTime();
        if (in.has("returnedAt")) {
            latencies.add(now - in.get("returnedAt").asLong());
        }
        ObjectNode out = Json.object();
        out.put("returnedAt", System.nanoTime());
        return out;
    }

    static Definition definition(int tasks) {
        ObjectNode states = Json.object();
        for (int i = 0; i < tasks; i++) {
            ObjectNode s = states.putObject("T" + i);
            s.put("Type", "Task").put("Resource", "sluice:function:" + FUNCTION);
            if (i + 1 < tasks) {
                s.put("Next", "T" + (i + 1));
            } else {
                s.put("End", true);
            }
        }
        ObjectNode root = Json.object();
        root.put("StartAt", "T0");
        root.set("States", states);
        return DefinitionParser.parse(root);
    }

    /**
     * How many threads start executions. One at a time, each start waits for its Redis write (an fsync with {@code
     * aof-always}, ~3 ms here), and the starts, not the runtime, set the pace: ~300 executions a second.
     */
    static final int STARTERS = 16;

    /** Runs the bench on a runtime built over {@link #functions()}; waits for every execution to end. */
    public Figures run(LocalRuntime runtime, Completions completions, Options options) throws InterruptedException {
        latencies = new Samples((long) options.executions() * options.tasks());
        Definition definition = definition(options.tasks());
        String pipeline = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        Semaphore inFlight = new Semaphore(options.concurrency());
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> startFailed = new AtomicReference<>();
        int failed = 0;
        int finished = 0;
        long start = System.nanoTime();
        long cpuBefore = ProcessCpu.nanos();
        long allocatedBefore = ProcessCpu.allocatedBytes();
        List<Thread> starters = new ArrayList<>();
        for (int t = 0; t < Math.min(STARTERS, options.executions()); t++) {
            starters.add(Thread.ofVirtual().name("bench-start-" + t).start(() -> {
                try {
                    for (int i = next.getAndIncrement(); i < options.executions(); i = next.getAndIncrement()) {
                        inFlight.acquire();
                        StartResult.Existing r = runtime.start(pipeline, "e" + i, definition, Json.object());
                        if (!(r instanceof StartResult.Started)) {
                            throw new IllegalStateException("bench execution " + r.execution().executionId() + " existed already");
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (RuntimeException e) {
                    startFailed.compareAndSet(null, e);
                }
            }));
        }
        while (finished < options.executions() && startFailed.get() == null) {
            for (String status : completions.poll()) {
                finished++;
                failed += "SUCCEEDED".equals(status) ? 0 : 1;
                inFlight.release();
            }
        }
        for (Thread t : starters) {
            if (startFailed.get() != null) {
                t.interrupt(); // it may wait for a slot no execution will free
            }
            t.join();
        }
        if (startFailed.get() != null) {
            throw startFailed.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long transitions = (long) options.executions() * options.tasks();
        double jvmCpu = cpuBefore < 0 ? -1 : (ProcessCpu.nanos() - cpuBefore) / 1e3 / transitions;
        double allocated = allocatedBefore < 0 ? -1 : (ProcessCpu.allocatedBytes() - allocatedBefore) / (double) transitions;
        Percentiles p = new Percentiles(latencies.millis());
        return new Figures(options.executions(), options.tasks(), options.concurrency(), transitions, seconds,
                transitions / seconds, p.at(50), p.at(90), p.at(99), p.at(99.9), failed, jvmCpu, allocated);
    }

    /** Up to a fixed number of samples, ns, added from any thread without allocating; those beyond it are dropped. */
    private static final class Samples {
        private final AtomicLongArray nanos;
        private final AtomicInteger count = new AtomicInteger();

        Samples(long capacity) {
            nanos = new AtomicLongArray((int) Math.min(capacity, Integer.MAX_VALUE - 8));
        }

        void add(long sample) {
            int i = count.getAndIncrement();
            if (i < nanos.length()) {
                nanos.set(i, sample);
            }
        }

        /** The samples added, ms; call once every execution has ended (each of its tasks has added its sample then). */
        double[] millis() {
            int n = Math.min(count.get(), nanos.length());
            double[] ms = new double[n];
            for (int i = 0; i < n; i++) {
                ms[i] = nanos.get(i) / 1_000_000.0;
            }
            return ms;
        }
    }

    /** The statuses of executions that finished since the last call; waits a little when there are none. */
    @FunctionalInterface
    public interface Completions {
        List<String> poll();
    }
}
