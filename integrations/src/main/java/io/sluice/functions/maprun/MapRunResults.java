package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.nested.StateMachineArn;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * The result of an ended map run, read child by child in index order, a chunk at a time: with a
 * ResultWriter that writes files, the files and the manifest's reference ({@code {MapRunArn,
 * ResultWriterDetails: {Bucket, Key}}}); otherwise the array the state's result is — each child's output
 * (WriterConfig Transformation COMPACT, the default; FLATTEN splices array outputs in; NONE gives the full
 * entries) and a failed child's full entry — which, as in Step Functions, may not exceed 256 KiB.
 */
final class MapRunResults {
    /** Step Functions' limit on a state's result. */
    static final int MAX_RESULT_BYTES = 256 * 1024;
    private static final int CHUNK = 500;
    private static final int LOADS_AT_ONCE = 32;

    private final MapRunStore runs;
    private final ExecutionStore executions;
    private final Function<MapRunRecord, Buckets> buckets;
    private final long maxFileBytes;

    /** @param buckets the buckets a run's owner may name */
    MapRunResults(MapRunStore runs, ExecutionStore executions, Function<MapRunRecord, Buckets> buckets, long maxFileBytes) {
        this.runs = runs;
        this.executions = executions;
        this.buckets = buckets;
        this.maxFileBytes = maxFileBytes;
    }

    JsonNode collect(MapRunRecord rec, MapRunRequest request) {
        JsonNode writer = request.writer();
        String transformation = writer == null ? "COMPACT" : writer.path("WriterConfig").path("Transformation")
                .asText(request.writesFiles() ? "NONE" : "COMPACT");
        StateMachineArn machine = StateMachineArn.parse(rec.pipeline()).orElseThrow();
        String childMachine = machine.text() + "/" + request.label();
        if (request.writesFiles()) {
            JsonNode parameters = writer.path("Parameters");
            String bucket = parameters.path("Bucket").asText("");
            ObjectStore store;
            try {
                store = buckets.apply(rec).bucket(bucket);
            } catch (IllegalArgumentException e) {
                throw new TaskError("States.ResultWriterFailed", "ResultWriter Bucket: " + e.getMessage(), false);
            }
            boolean jsonl = writer.path("WriterConfig").path("OutputType").asText("JSON").equals("JSONL");
            ResultFiles files = new ResultFiles(store, bucket, parameters.path("Prefix").asText(""), rec.runId(), jsonl, maxFileBytes);
            each(rec, request, o -> {
                String file = o.succeeded() ? ResultFiles.SUCCEEDED : o.status().equals("RUNNING") ? ResultFiles.PENDING : ResultFiles.FAILED;
                JsonNode entry = o.entry(childArn(machine, request, o.name()), childMachine);
                if (o.succeeded() && !transformation.equals("NONE")) {
                    transformed(o.output(), transformation, v -> files.add(file, v));
                } else {
                    files.add(file, entry);
                }
            });
            return files.finish(rec.mapRunArn());
        }
        ArrayNode out = Json.NODES.arrayNode();
        long[] bytes = {2};
        each(rec, request, o -> {
            if (o.status().equals("RUNNING")) {
                return;
            }
            Consumer<JsonNode> add = v -> {
                bytes[0] += Json.write(v).getBytes(StandardCharsets.UTF_8).length + 1;
                if (bytes[0] > MAX_RESULT_BYTES) {
                    throw new TaskError(ErrorNames.DATA_LIMIT_EXCEEDED, "The results of Map state '" + request.stateName()
                            + "' exceed 256 KiB, the most a state's result may hold; give it a ResultWriter to write them to the"
                            + " object store instead.", false);
                }
                out.add(v);
            };
            if (o.succeeded() && !transformation.equals("NONE")) {
                transformed(o.output(), transformation, add);
            } else {
                add.accept(o.entry(childArn(machine, request, o.name()), childMachine));
            }
        });
        return out;
    }

    /** Durable children {@code [from, to)}, loaded side by side (a run's end reads every one), in index order; {@code null} where none. */
    private List<ChildOutcome> loaded(MapRunRecord rec, long from, long to) {
        List<Future<ChildOutcome>> futures = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Semaphore parallel = new Semaphore(LOADS_AT_ONCE);
            for (long i = from; i < to; i++) {
                long index = i;
                futures.add(threads.submit(() -> {
                    parallel.acquire();
                    try {
                        return executions.load(rec.pipeline() + ":" + MapRunIds.childName(rec.runId(), index))
                                .map(s -> ChildOutcome.of(index, ExecutionCodec.decode(Json.parse(s.state())))).orElse(null);
                    } finally {
                        parallel.release();
                    }
                }));
            }
        }
        List<ChildOutcome> out = new ArrayList<>(futures.size());
        for (Future<ChildOutcome> f : futures) {
            try {
                out.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading a map run's children", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        return out;
    }

    private static void transformed(JsonNode output, String transformation, Consumer<JsonNode> add) {
        JsonNode v = output == null ? Json.NODES.nullNode() : output;
        if (transformation.equals("FLATTEN") && v.isArray()) {
            v.forEach(add);
        } else {
            add.accept(v);
        }
    }

    static String childArn(StateMachineArn machine, MapRunRequest request, String name) {
        return machine.mapRunChildArn(request.label(), name);
    }

    /** Every child started, in index order: durable ones from the execution store, in-process ones from the run's kept outcomes. */
    private void each(MapRunRecord rec, MapRunRequest request, Consumer<ChildOutcome> visit) {
        long limit = rec.total() >= 0 ? rec.total() : rec.nextChild();
        for (long from = 0; from < limit; from += CHUNK) {
            long to = Math.min(limit, from + CHUNK);
            if (request.express()) {
                Map<Long, String> kept = runs.outcomes(rec.runId(), from, to);
                for (long i = from; i < to; i++) {
                    String o = kept.get(i);
                    if (o != null) {
                        visit.accept(ChildOutcome.decode(i, o));
                    }
                }
            } else {
                for (ChildOutcome o : loaded(rec, from, to)) {
                    if (o != null) {
                        visit.accept(o);
                    }
                }
            }
        }
    }
}
