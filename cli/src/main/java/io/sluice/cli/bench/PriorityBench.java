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
        /** When each P3 filler began and ended (nanoTime), while {@link StageTrace} traces. */
        final java.util.concurrent.ConcurrentLinkedQueue<long[]> fillerSpans = new java.util.concurrent.ConcurrentLinkedQueue<>();
        volatile boolean traceFillers;

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
                if (traceFillers) {
                    fillerSpans.add(new long[] {now, System.nanoTime()});
                }
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

    private StageTrace trace;
    private PrintStream log = System.err;
    private Stalls stalls;

    /** Breaks each sample's latency into stages ({@link StageTrace}) and prints them, with the slowest loaded samples' poller calls. */
    public PriorityBench traced(StageTrace trace, Stalls stalls) {
        this.trace = trace;
        this.stalls = stalls;
        return this;
    }

    public Figures run(LocalRuntime runtime, Work work, TaskQueue queue, String p3Queue, Options o, PrintStream err) throws InterruptedException {
        this.log = err;
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
        if (trace != null) {
            trace.tracePollers(true);
            work.traceFillers = true;
        }
        double[] loaded = sample(runtime, work, "busy", o.samples(), o.spacingMillis());
        long after = queue.backlog(p3Queue).map(TaskQueue.Backlog::visible).orElse(-1L);
        Percentiles u = new Percentiles(unloaded);
        Percentiles l = new Percentiles(loaded);
        return new Figures(o.samples(), u.at(50), u.at(99), l.at(50), l.at(99), before, after);
    }

    /** Starts {@code n} P0 executions {@code spacingMillis} apart and waits for each one's task; the latencies in ms. */
    private double[] sample(LocalRuntime runtime, Work work, String phase, int n, int spacingMillis) throws InterruptedException {
        work.expect(n);
        AtomicLongArray invoked = work.invokedAt;
        long[] startedAt = new long[n];
        long[] returnedAt = new long[n];
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            startedAt[i] = System.nanoTime();
            ids[i] = phase + "-" + i + "-" + startedAt[i];
            runtime.start("bench-p0", ids[i], ONE_TASK, Json.object().put("bench", i), Priority.P0);
            returnedAt[i] = System.nanoTime();
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
        if (trace != null && !phase.equals("warm")) {
            workSpans = work.fillerSpans;
            printStages(phase, n, startedAt, returnedAt, ids, invoked, ms);
        }
        return ms;
    }

    private java.util.Collection<long[]> workSpans = java.util.List.of();

    private void printStages(String phase, int n, long[] startedAt, long[] returnedAt, String[] ids, AtomicLongArray invoked, double[] ms) {
        double[][] st = new double[5][n];
        for (int i = 0; i < n; i++) {
            long[] s = trace.stamps("bench-p0:" + ids[i]);
            if (s == null) {
                continue; // not seen on its way (never happens on one runtime); its stages count as 0
            }
            st[0][i] = (s[StageTrace.SEND_START] - startedAt[i]) / 1e6;
            st[1][i] = (s[StageTrace.SEND_END] - s[StageTrace.SEND_START]) / 1e6;
            st[2][i] = (s[StageTrace.RECEIVE_END] - s[StageTrace.SEND_END]) / 1e6;
            st[3][i] = (invoked.get(i) - s[StageTrace.RECEIVE_END]) / 1e6;
            st[4][i] = (returnedAt[i] - s[StageTrace.SEND_END]) / 1e6;
        }
        String[] names = {"start -> send (commit)", "send to P0", "sent -> received by poller", "received -> invoked", "sent -> start returns"};
        for (int k = 0; k < names.length; k++) {
            Percentiles p = new Percentiles(st[k]);
            log.printf(Locale.ROOT, "stage %s %-28s p50 %6.2f p99 %6.2f max %6.2f%n", phase, names[k], p.at(50), p.at(99), p.at(100));
        }
        java.util.Map<String, double[]> byKind = new java.util.TreeMap<>();
        for (Stalls.Stall x : stalls.between(startedAt[0], invoked.get(n - 1))) {
            double[] a = byKind.computeIfAbsent(x.what(), k -> new double[3]);
            a[0]++;
            a[1] += x.nanos() / 1e6;
            a[2] = Math.max(a[2], x.nanos() / 1e6);
        }
        byKind.forEach((k, a) -> log.printf(Locale.ROOT, "stalls %s %s: %d, %.1f ms in all, longest %.1f ms%n", phase, k, (int) a[0], a[1], a[2]));
        if (!workSpans.isEmpty()) {
            java.util.TreeMap<Long, Integer> ends = new java.util.TreeMap<>();
            for (long[] f : workSpans) {
                if (f[1] >= startedAt[0] && f[1] <= invoked.get(n - 1)) {
                    ends.merge((f[1] - startedAt[0]) / 50_000_000L * 50, 1, Integer::sum);
                }
            }
            log.println("P3 tasks ended per 50 ms (ms since the phase began=count): " + ends);
            StringBuilder slowAt = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if (ms[i] > 20) {
                    slowAt.append((startedAt[i] - startedAt[0]) / 1_000_000L).append(' ');
                }
            }
            log.println("samples over 20 ms began at (ms since the phase began): " + slowAt);
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(ms[b], ms[a]));
        for (int r = 0; r < Math.min(6, n); r++) {
            int i = order[r];
            long[] s = trace.stamps("bench-p0:" + ids[i]);
            if (s == null) {
                continue;
            }
            long t0 = startedAt[i];
            log.printf(Locale.ROOT, "slow %s #%d %.2f ms: send %.2f..%.2f, receive %.2f..%.2f, invoked %.2f%n", phase, i, ms[i],
                    (s[0] - t0) / 1e6, (s[1] - t0) / 1e6, (s[2] - t0) / 1e6, (s[3] - t0) / 1e6, (invoked.get(i) - t0) / 1e6);
            int began = 0, ended = 0;
            for (long[] f : workSpans) {
                began += f[0] >= t0 - 20_000_000L && f[0] <= invoked.get(i) ? 1 : 0;
                ended += f[1] >= t0 - 20_000_000L && f[1] <= invoked.get(i) ? 1 : 0;
            }
            log.printf(Locale.ROOT, "    P3 tasks from 20 ms before the start to the invocation: %d began, %d ended%n", began, ended);
            for (Stalls.Stall x : stalls.between(t0, invoked.get(i))) {
                log.printf(Locale.ROOT, "    %8.2f..%8.2f %s stall%n", (x.start() - t0) / 1e6, (x.start() + x.nanos() - t0) / 1e6, x.what());
            }
            for (StageTrace.Call c : trace.pollerCalls(t0, invoked.get(i))) {
                log.printf(Locale.ROOT, "    %8.2f..%8.2f %s %s [%d]%n", (c.start() - t0) / 1e6, (c.end() - t0) / 1e6, c.op(), c.queues(),
                        c.messages());
            }
        }
    }
}
