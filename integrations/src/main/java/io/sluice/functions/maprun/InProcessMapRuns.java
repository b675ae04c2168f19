package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.nested.StateMachineArn;
import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.port.MapRunStore.Counts;
import io.sluice.orchestration.port.ObjectStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Distributed Maps for a run in one process ({@code sluice exec}, on virtual time): the map-run task is run
 * right there, each child an express execution whose tasks go to the same invoker as the parent's (so a mock
 * config answers the processor's Task states too), one after the other. Items come from the state's input or,
 * when a folder of buckets is given, from its objects; a ResultWriter writes there. Everything else goes to
 * {@code tasks}.
 */
public final class InProcessMapRuns implements TaskInvoker {
    private final TaskInvoker tasks;
    private final Buckets buckets;
    private final RandomSource random;
    private final Ticker ticker;

    /** @param buckets where ItemReader and ResultWriter buckets are, or {@code null}: a Map that needs one fails */
    public InProcessMapRuns(TaskInvoker tasks, Buckets buckets, RandomSource random) {
        this(tasks, buckets, random, SystemTime.TICKER);
    }

    /** @param ticker the time of the expression backstop of the children and their ItemSelector ({@link Ticker#NONE}: none) */
    public InProcessMapRuns(TaskInvoker tasks, Buckets buckets, RandomSource random, Ticker ticker) {
        this.ticker = ticker;
        this.tasks = tasks;
        this.buckets = buckets == null ? bucket -> {
            throw new IllegalArgumentException("no object store here for bucket '" + bucket + "' (sluice exec --data DIR gives one)");
        } : buckets;
        this.random = random;
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        if (!MapRunFunction.NAME.equals(task.function())) {
            return tasks.invoke(task);
        }
        try {
            return TaskOutcome.success(run(task));
        } catch (TaskError e) {
            return TaskOutcome.failure(e.errorName(), e.getMessage());
        }
    }

    private JsonNode run(DispatchTask task) {
        MapRunRequest request = MapRunRequest.parse(task.payload());
        Definition processor = DefinitionParser.parse(request.processor());
        String pipeline = task.token().executionId().contains(":") ? task.token().executionId().substring(0,
                task.token().executionId().indexOf(':')) : task.token().executionId();
        String runId = MapRunIds.runId(task.token().encode());
        ChildPager pager = new ChildPager(request, ItemSources.open(request, buckets, new ItemSources.ObjectBytes() {
            private byte[] bytes;

            @Override
            public byte[] get(ObjectStore store, String bucket, String key) {
                if (bytes == null) {
                    bytes = store.get(key).orElseThrow(() -> new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader: there is no object '"
                            + key + "' in bucket '" + bucket + "'.", false));
                }
                return bytes;
            }
        }), ticker);
        Tolerance tolerance = Tolerance.of(request);
        List<ChildOutcome> outcomes = new ArrayList<>();
        long succeeded = 0;
        long failed = 0;
        ChildPager.Start start = new ChildPager.Start(null, 0, 0);
        long total = -1;
        while (start != null) {
            ChildPager.Page page = pager.read(start, Instant.EPOCH, random);
            if (page.next() == null) {
                total = page.end();
            }
            for (int i = 0; i < page.inputs().size(); i++) {
                long index = page.start().firstChild() + i;
                String name = MapRunIds.childName(runId, index);
                ExpressResult r = new ExpressRunner(processor, this, null, ExpressRunner.DEFAULT_MAX_TRANSITIONS, ticker).run(pipeline, pipeline + ":" + name, name, page.inputs().get(i),
                        Instant.EPOCH, random);
                ChildOutcome o = new ChildOutcome(index, name, r.status().name(), page.inputs().get(i), r.output(), r.error(), r.cause(),
                        r.startTime(), r.stopTime());
                outcomes.add(o);
                if (o.succeeded()) succeeded++;
                else failed++;
                Counts counts = new Counts(succeeded, failed);
                if (tolerance.exceeded(counts, total)) {
                    throw new TaskError(ErrorNames.EXCEEDED_TOLERATED_FAILURE_THRESHOLD, tolerance.cause(counts, total), false);
                }
            }
            start = page.next();
        }
        return result(request, pipeline, runId, outcomes);
    }

    private JsonNode result(MapRunRequest request, String pipeline, String runId, List<ChildOutcome> outcomes) {
        StateMachineArn machine = StateMachineArn.parse(pipeline).orElseThrow();
        String childMachine = machine.text() + "/" + request.label();
        String transformation = request.writer() == null ? "COMPACT" : request.writer().path("WriterConfig").path("Transformation")
                .asText(request.writesFiles() ? "NONE" : "COMPACT");
        if (request.writesFiles()) {
            JsonNode parameters = request.writer().path("Parameters");
            String bucket = parameters.path("Bucket").asText("");
            ObjectStore store;
            try {
                store = buckets.bucket(bucket);
            } catch (IllegalArgumentException e) {
                throw new TaskError("States.ResultWriterFailed", "ResultWriter Bucket: " + e.getMessage(), false);
            }
            ResultFiles files = new ResultFiles(store, bucket, parameters.path("Prefix").asText(""), runId,
                    request.writer().path("WriterConfig").path("OutputType").asText("JSON").equals("JSONL"), 8L * 1024 * 1024);
            for (ChildOutcome o : outcomes) {
                JsonNode entry = o.entry(machine.mapRunChildArn(request.label(), o.name()), childMachine);
                String file = o.succeeded() ? ResultFiles.SUCCEEDED : ResultFiles.FAILED;
                if (o.succeeded() && !transformation.equals("NONE")) {
                    files.add(file, o.output() == null ? Json.NODES.nullNode() : o.output());
                } else {
                    files.add(file, entry);
                }
            }
            return files.finish(machine.mapRunArn(request.label(), runId));
        }
        ArrayNode out = Json.NODES.arrayNode();
        for (ChildOutcome o : outcomes) {
            if (o.succeeded() && !transformation.equals("NONE")) {
                JsonNode v = o.output() == null ? Json.NODES.nullNode() : o.output();
                if (transformation.equals("FLATTEN") && v.isArray()) {
                    out.addAll((ArrayNode) v);
                } else {
                    out.add(v);
                }
            } else {
                out.add(o.entry(machine.mapRunChildArn(request.label(), o.name()), childMachine));
            }
        }
        return out;
    }
}
