package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;

/** Builds the {@link DistributedMap} of a Map state whose processor is DISTRIBUTED. */
final class DistributedMapParser {
    private DistributedMapParser() {}

    /** The distributed part of Map state {@code n}, or {@code null} for an inline Map. */
    static DistributedMap parse(JsonNode n, JsonNode processor, FieldCompiler f) {
        JsonNode config = processor == null ? null : processor.get("ProcessorConfig");
        if (config == null || !config.path("Mode").asText("").equals("DISTRIBUTED")) {
            return null;
        }
        boolean jsonata = f.jsonata();
        ObjectNode child = processor.deepCopy();
        child.remove("ProcessorConfig");
        if (jsonata && !child.has("QueryLanguage")) {
            child.put("QueryLanguage", "JSONata");
        }
        JsonNode selector = n.has("ItemSelector") ? n.get("ItemSelector") : jsonata ? null : n.get("Parameters");
        JsonNode percentage = n.get("ToleratedFailurePercentage");
        return new DistributedMap(config.path("ExecutionType").asText("STANDARD"), child, selector,
                n.has("ItemReader") ? reader(n.get("ItemReader"), jsonata) : null,
                n.has("ItemBatcher") ? batcher(n.get("ItemBatcher"), jsonata) : null,
                n.has("ResultWriter") ? writer(n.get("ResultWriter"), jsonata) : null,
                percentage != null && percentage.isNumber() ? percentage.asDouble() : null, f.computed("ToleratedFailurePercentage"),
                f.literalInt("ToleratedFailureCount"), f.computed("ToleratedFailureCount"), f.text("Label"));
    }

    private static DistributedMap.Reader reader(JsonNode node, boolean jsonata) {
        FieldCompiler f = new FieldCompiler(node, jsonata);
        JsonNode config = node.has("ReaderConfig") ? node.get("ReaderConfig") : Json.object();
        FieldCompiler c = new FieldCompiler(config, jsonata);
        return new DistributedMap.Reader(node.path("Resource").asText(), f.arguments(), config, c.literalInt("MaxItems"),
                c.computed("MaxItems"));
    }

    private static DistributedMap.Batcher batcher(JsonNode node, boolean jsonata) {
        FieldCompiler f = new FieldCompiler(node, jsonata);
        return new DistributedMap.Batcher(f.literalInt("MaxItemsPerBatch"), f.computed("MaxItemsPerBatch"),
                f.literalInt("MaxInputBytesPerBatch"), f.computed("MaxInputBytesPerBatch"), f.selectorTemplate("BatchInput"));
    }

    private static DistributedMap.Writer writer(JsonNode node, boolean jsonata) {
        FieldCompiler f = new FieldCompiler(node, jsonata);
        return new DistributedMap.Writer(node.has("Resource") ? node.get("Resource").asText() : null, f.arguments(),
                node.get("WriterConfig"));
    }

}
