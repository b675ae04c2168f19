package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.DistributedMap;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.PathOrIntrinsic;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.util.Map;

/**
 * A distributed Map, to the engine, is a task it waits for: entering the state renders its fields for
 * the state's input into a map-run request and dispatches it, with a task token, to the
 * {@value #FUNCTION} function, which starts and counts the child executions outside the engine and
 * reports the Map's result (or its failure) with the token. The execution's document holds one waiting
 * frame, whatever the number of items. A retry of the state dispatches a new request with a new token:
 * a new map run.
 */
final class DistributedMaps {
    /** The function that runs map runs, and the Resource its dispatches carry. */
    static final String FUNCTION = "map-run";
    static final String RESOURCE = "sluice:function:" + FUNCTION;

    private DistributedMaps() {}

    static void dispatch(Step s, Frame f, MapState m) {
        DistributedMap d = m.distributed();
        ObjectNode ctx = ContextObject.of(s, f);
        JsonNode effective = m.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        Scope scope = Dataflow.scope(s, f, effective, ctx);
        boolean jsonata = m.exit().jsonata();
        ObjectNode request = Json.object();
        request.put("StateName", m.name());
        request.put("Label", d.label() == null ? m.name() : d.label());
        request.put("ExecutionType", d.executionType());
        request.put("QueryLanguage", jsonata ? "JSONata" : "JSONPath");
        request.set("Processor", d.processor());
        // AWS shows MapStateStarted, with the items' count (0 when a reader reads them), once Items and MaxConcurrency are
        // read, before the reader's and the tolerances' fields (test_base_scenarios.snapshot.json: test_max_concurrency_path[NoNumber]
        // has none, test_map_item_reader_csv_max_items_paths[1.5] and test_map_state_tolerated_failure_count_path[NoNumber] have it).
        JsonNode items = d.reader() == null ? MapFields.items(m, scope, effective) : null;
        int concurrency = MapFields.concurrency(m, scope);
        ForkEvents.mapStarted(s, f, m, items == null ? 0 : items.size());
        if (items != null) {
            request.set("Items", items);
        } else {
            request.set("ItemReader", reader(d.reader(), scope, m.name()));
        }
        if (d.itemSelector() != null) {
            request.set("ItemSelector", d.itemSelector());
            request.set("Input", effective);
            request.set("Context", ctx);
            Map<String, JsonNode> variables = Variables.snapshot(s.execution, f);
            if (!variables.isEmpty()) {
                request.set("Variables", Json.NODES.objectNode().setAll(variables));
            }
        }
        if (d.batcher() != null) {
            request.set("ItemBatcher", batcher(d.batcher(), scope, m.name()));
        }
        if (d.writer() != null) {
            request.set("ResultWriter", writer(d.writer(), scope));
        }
        request.put("MaxConcurrency", concurrency);
        JsonNode percentage = d.toleratedPercentage() != null || d.toleratedPercentagePath() == null
                ? (d.toleratedPercentage() == null ? null : Json.NODES.numberNode(d.toleratedPercentage()))
                : MapFields.percentage(d.toleratedPercentagePath(), scope);
        JsonNode count = d.toleratedCount() != null || d.toleratedCountPath() == null
                ? (d.toleratedCount() == null ? null : Json.NODES.numberNode(d.toleratedCount()))
                : Json.NODES.numberNode(MapFields.integer(d.toleratedCountPath(), scope, "ToleratedFailureCount", Integer.MAX_VALUE));
        if (percentage != null) request.set("ToleratedFailurePercentage", percentage);
        if (count != null) request.put("ToleratedFailureCount", count.asInt());

        TaskToken token = TaskToken.draw(s.execution.id(), f.id(), f.step(), f.attempt(), s.random);
        f.waiting = Frame.Waiting.TASK;
        f.token = token;
        ServiceEvents.count(s, 1); // MapRunStarted
        s.commands.add(new Command.DispatchTask(token, RESOURCE, FUNCTION, IntegrationPattern.SYNC, request, m.name(), f.attempt(),
                null, null, null));
        if (s.recording()) {
            ObjectNode detail = Step.detail("request", request);
            detail.put("function", FUNCTION);
            detail.put("token", token.encode());
            s.record(Type.MAP_RUN_STARTED, f, m.name(), detail);
        }
    }

    static void succeeded(Step s, Frame f, MapState m, JsonNode output) {
        s.cancelFrameTimers(f);
        ServiceEvents.count(s, 1); // MapRunSucceeded
        if (s.recording()) {
            s.record(Type.MAP_RUN_SUCCEEDED, f, m.name(), Step.detail("output", output));
        }
        ForkEvents.succeeded(s, f, m);
        JsonNode result = output == null ? Json.NODES.nullNode() : output;
        try {
            JsonNode ctx = ContextObject.ifUsed(s, f, m.usesContext());
            Flow.exit(s, f, m.next(), Dataflow.withResult(s, f, m.name(), m.exit(), m.result(), result, ctx));
        } catch (AslException e) {
            Errors.raised(s, f, m, e);
        }
    }

    static void failed(Step s, Frame f, MapState m, String error, String cause) {
        ServiceEvents.count(s, 1); // MapRunFailed
        if (s.recording()) {
            s.record(Type.MAP_RUN_FAILED, f, m.name(), Step.errorDetail(error, cause));
        }
        Errors.joinFailed(s, f, m, error, cause, false);
    }

    private static ObjectNode reader(DistributedMap.Reader r, Scope scope, String state) {
        ObjectNode out = Json.object();
        out.put("Resource", r.resource());
        out.set("Parameters", r.parameters() == null ? Json.object() : r.parameters().render(scope));
        ObjectNode config = r.readerConfig().deepCopy();
        config.remove("MaxItemsPath");
        JsonNode max = r.maxItems() != null || r.maxItemsPath() == null
                ? (r.maxItems() == null ? null : Json.NODES.numberNode(r.maxItems()))
                : Json.NODES.numberNode(MapFields.integer(r.maxItemsPath(), scope, "MaxItems", 100_000_000));
        config.remove("MaxItems");
        if (max != null) {
            config.put("MaxItems", max.asInt());
        }
        out.set("ReaderConfig", config);
        return out;
    }

    private static ObjectNode batcher(DistributedMap.Batcher b, Scope scope, String state) {
        ObjectNode out = Json.object();
        JsonNode items = value(b.maxItems() == null ? null : Json.NODES.numberNode(b.maxItems()), b.maxItemsPath(), scope,
                "MaxItemsPerBatch", state, Integer.MAX_VALUE);
        JsonNode bytes = value(b.maxBytes() == null ? null : Json.NODES.numberNode(b.maxBytes()), b.maxBytesPath(), scope,
                "MaxInputBytesPerBatch", state, 262_144);
        if (items != null) out.put("MaxItemsPerBatch", items.asInt());
        if (bytes != null) out.put("MaxInputBytesPerBatch", bytes.asInt());
        if (b.batchInput() != null) out.set("BatchInput", b.batchInput().render(scope));
        return out;
    }

    private static ObjectNode writer(DistributedMap.Writer w, Scope scope) {
        ObjectNode out = Json.object();
        if (w.resource() != null) out.put("Resource", w.resource());
        if (w.parameters() != null) out.set("Parameters", w.parameters().render(scope));
        if (w.writerConfig() != null) out.set("WriterConfig", w.writerConfig());
        return out;
    }

    /** A literal, or the value a path or expression computes, checked to be a number from 0 to {@code max}. */
    private static JsonNode value(JsonNode literal, PathOrIntrinsic computed, Scope scope, String field, String state, long max) {
        if (literal != null || computed == null) {
            return literal;
        }
        JsonNode v = Numbers.numeric(computed.select(scope));
        if (v == null || !v.isNumber() || v.asDouble() < 0 || v.asDouble() > max) {
            throw new AslException(ErrorNames.RUNTIME, field + " '" + computed.text() + "' of Map state '" + state
                    + "' must give a number from 0 to " + max + ", found " + Json.typeName(v) + ".");
        }
        return v;
    }
}
