package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the engine's map-run dispatch asks for (the distributed Map's fields, rendered for the state's input),
 * read once per coordinator call. See the engine's {@code DistributedMaps}.
 *
 * @param items          the items when there is no reader, else {@code null}
 * @param reader         ItemReader with its Parameters rendered, or {@code null}
 * @param maxConcurrency how many children may run at once; {@code 0} in the request is {@value #DEFAULT_CONCURRENCY}, as on AWS
 */
public record MapRunRequest(String stateName, String label, boolean express, boolean jsonata, JsonNode processor, JsonNode items,
                            JsonNode reader, JsonNode itemSelector, JsonNode input, ObjectNode context, Map<String, JsonNode> variables,
                            Integer maxItemsPerBatch, Integer maxBytesPerBatch, JsonNode batchInput, JsonNode writer,
                            int maxConcurrency, Double toleratedPercentage, Integer toleratedCount) {
    /** Step Functions' limit on a distributed Map's concurrent children, and its default. */
    public static final int DEFAULT_CONCURRENCY = 10_000;

    public static MapRunRequest parse(JsonNode r) {
        if (r == null || !r.isObject() || !r.has("Processor")) {
            throw new TaskError(ErrorNames.RUNTIME, "map-run runs a distributed Map state's request, which the engine dispatches;"
                    + " this input is not one.", false);
        }
        Map<String, JsonNode> variables = new LinkedHashMap<>();
        r.path("Variables").properties().forEach(e -> variables.put(e.getKey(), e.getValue()));
        JsonNode batcher = r.get("ItemBatcher");
        int concurrency = r.path("MaxConcurrency").asInt(0);
        return new MapRunRequest(r.path("StateName").asText(), r.path("Label").asText(r.path("StateName").asText()),
                r.path("ExecutionType").asText("STANDARD").equals("EXPRESS"), r.path("QueryLanguage").asText("").equals("JSONata"),
                r.get("Processor"), r.get("Items"), r.get("ItemReader"), r.get("ItemSelector"),
                r.has("Input") ? r.get("Input") : Json.object(),
                r.get("Context") instanceof ObjectNode c ? c : Json.object(), variables,
                batcher != null && batcher.has("MaxItemsPerBatch") ? batcher.get("MaxItemsPerBatch").asInt() : null,
                batcher != null && batcher.has("MaxInputBytesPerBatch") ? batcher.get("MaxInputBytesPerBatch").asInt() : null,
                batcher == null ? null : batcher.get("BatchInput"), r.get("ResultWriter"),
                concurrency <= 0 ? DEFAULT_CONCURRENCY : Math.min(concurrency, DEFAULT_CONCURRENCY),
                r.has("ToleratedFailurePercentage") ? r.get("ToleratedFailurePercentage").asDouble() : null,
                r.has("ToleratedFailureCount") ? r.get("ToleratedFailureCount").asInt() : null);
    }

    /** Whether the children are batches ({@code {"Items": [...], "BatchInput": ...}}). */
    public boolean batched() {
        return maxItemsPerBatch != null || maxBytesPerBatch != null || batchInput != null;
    }

    /** Whether a ResultWriter writes files (its Resource is set), so the state's result is the manifest's reference. */
    public boolean writesFiles() {
        return writer != null && writer.hasNonNull("Resource");
    }
}
