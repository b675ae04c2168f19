package io.sluice.cli.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * {@code sluice bench listing}: how long one page of the executions list takes from the store, on the first page and
 * deep in the listing, with N executions stored. The executions are committed straight into the store (one commit each,
 * finished, four pipelines, a fifth of them failed); then each page is read {@code samples} times and its p50 and p99
 * printed: the newest page of all executions, a page by cursor at 90 % of the listing, the same page of one pipeline's
 * failed runs (its own index), the newest 10,000 read by cursor (what the API reads for a page sorted by a field without
 * an index), and, for comparison, what reading the newest rows down to that depth costs (how the API reached a deep page
 * before the store had a cursor; measured a few times only).
 */
public final class ListingBench {
    public record Options(int executions, int page, int samples) {}

    public record Timing(String what, int rows, double p50Ms, double p99Ms, int samples) {}

    public record Figures(int executions, double fillSeconds, List<Timing> timings) {
        public String json() {
            ObjectNode o = Json.object().put("executions", executions).put("fill_seconds", Math.round(fillSeconds * 10) / 10.0);
            timings.forEach(t -> o.putObject(t.what()).put("rows", t.rows()).put("p50_ms", t.p50Ms()).put("p99_ms", t.p99Ms())
                    .put("samples", t.samples()));
            return Json.write(o);
        }
    }

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final int PIPELINES = 4;
    private static final int OLD_WAY_SAMPLES = 5;
    /** What the API reads and sorts for a page in an order without an index (name, stop time, ...): its SORT_BOUND. */
    private static final int SORT_BOUND = 10_000;
    private static final int SORTED_SAMPLES = 20;

    public Figures run(ExecutionStore store, String run, Options options) throws InterruptedException {
        long start = System.nanoTime();
        fill(store, run, options.executions());
        double fillSeconds = (System.nanoTime() - start) / 1e9;
        int page = options.page();
        int depth = options.executions() * 9 / 10;
        ExecutionCursor deep = cursorAt(store, null, null, depth, page);
        String pipeline = run + "-p0";
        int pipelineDepth = depth / PIPELINES / 5;
        ExecutionCursor deepFailed = cursorAt(store, pipeline, "FAILED", pipelineDepth, page);
        List<Timing> timings = new ArrayList<>();
        timings.add(time("first page", options.samples(), () -> store.list(null, null, null, page)));
        timings.add(time("page at " + depth + " by cursor", options.samples(), () -> store.list(null, null, deep, page)));
        timings.add(time("pipeline+status page at " + pipelineDepth + " by cursor", options.samples(),
                () -> store.list(pipeline, "FAILED", deepFailed, page)));
        int sorted = Math.min(SORT_BOUND, options.executions());
        timings.add(time("newest " + sorted + ", 1,000 a read (sorting by name)", SORTED_SAMPLES,
                () -> newest(store, sorted)));
        timings.add(time("newest " + (depth + page) + " rows (the old way to that page)", OLD_WAY_SAMPLES,
                () -> store.list(null, null, null, depth + page)));
        return new Figures(options.executions(), fillSeconds, timings);
    }

    /** Finished executions, one a millisecond, committed by 16 threads. */
    private static void fill(ExecutionStore store, String run, int executions) throws InterruptedException {
        ExecutorService writers = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> done = new ArrayList<>();
            int per = (executions + 15) / 16;
            for (int w = 0; w < 16; w++) {
                int from = w * per;
                int to = Math.min(executions, from + per);
                done.add(writers.submit(() -> {
                    for (int i = from; i < to; i++) {
                        String pipeline = run + "-p" + (i % PIPELINES);
                        String name = "e" + i;
                        Instant at = T0.plusMillis(i);
                        ExecutionSummary s = new ExecutionSummary(pipeline + ":" + name, pipeline, name, i % 5 == 0 ? "FAILED" : "SUCCEEDED",
                                "sha256:bench", at, at.plusMillis(500), "2026-01-" + (10 + i % 20));
                        store.commit(new Commit(s, "{}", List.of(), List.of(), 0, at));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("filling the store failed", e.getCause());
        } finally {
            writers.shutdown();
        }
    }

    /** The newest {@code n} executions read by cursor, 1,000 a read, as the API's ExecutionScan reads for a bounded sort. */
    private static List<ExecutionSummary> newest(ExecutionStore store, int n) {
        List<ExecutionSummary> read = new ArrayList<>(n);
        ExecutionCursor at = null;
        while (read.size() < n) {
            List<ExecutionSummary> got = store.list(null, null, at, Math.min(1000, n - read.size()));
            if (got.isEmpty()) {
                break;
            }
            read.addAll(got);
            at = ExecutionCursor.after(got.getLast());
        }
        return read;
    }

    /** The cursor after the first {@code depth} executions of a listing, walked page by page. */
    private static ExecutionCursor cursorAt(ExecutionStore store, String pipeline, String status, int depth, int page) {
        ExecutionCursor at = null;
        int read = 0;
        while (read < depth) {
            List<ExecutionSummary> got = store.list(pipeline, status, at, Math.min(1000, depth - read));
            if (got.isEmpty()) {
                break;
            }
            read += got.size();
            at = ExecutionCursor.after(got.getLast());
        }
        return at;
    }

    private static Timing time(String what, int samples, Supplier<List<ExecutionSummary>> read) {
        int warm = Math.min(20, samples);
        for (int i = 0; i < warm; i++) {
            read.get();
        }
        double[] ms = new double[samples];
        int rows = 0;
        for (int i = 0; i < samples; i++) {
            long t = System.nanoTime();
            rows = read.get().size();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Percentiles p = new Percentiles(ms);
        return new Timing(what, rows, Math.round(p.at(50) * 100) / 100.0, Math.round(p.at(99) * 100) / 100.0, samples);
    }
}
