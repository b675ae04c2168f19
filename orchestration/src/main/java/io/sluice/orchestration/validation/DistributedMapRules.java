package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The fields of a distributed Map ({@code ProcessorConfig.Mode: DISTRIBUTED}): ItemReader, ItemBatcher,
 * ResultWriter, the tolerated failures and Label, with what Step Functions allows in each; and the
 * same fields on an inline Map, where they have no meaning.
 */
final class DistributedMapRules {
    static final String LIST_OBJECTS = "arn:aws:states:::s3:listObjectsV2";
    static final String GET_OBJECT = "arn:aws:states:::s3:getObject";
    static final String PUT_OBJECT = "arn:aws:states:::s3:putObject";
    private static final Set<String> READER_FIELDS = Set.of("Resource", "ReaderConfig", "Parameters", "Arguments");
    private static final Set<String> READER_CONFIG_FIELDS = Set.of("InputType", "CSVHeaderLocation", "CSVHeaders", "CSVDelimiter",
            "MaxItems", "MaxItemsPath");
    private static final Set<String> BATCHER_FIELDS = Set.of("MaxItemsPerBatch", "MaxItemsPerBatchPath", "MaxInputBytesPerBatch",
            "MaxInputBytesPerBatchPath", "BatchInput");
    private static final Set<String> WRITER_FIELDS = Set.of("Resource", "Parameters", "Arguments", "WriterConfig");
    private static final List<String> INPUT_TYPES = List.of("CSV", "JSON", "JSONL");
    private static final List<String> DELIMITERS = List.of("COMMA", "PIPE", "SEMICOLON", "SPACE", "TAB");
    /** Step Functions' cap on a batch's input. */
    static final int MAX_BATCH_BYTES = 262_144;
    private static final Pattern LABEL = Pattern.compile("[^\\s<>{}\\[\\]?*\"#%\\\\^|~`$&,;:/\\p{Cntrl}]{1,40}");

    private DistributedMapRules() {}

    /** The tolerated-failure fields, which AWS also accepts on an inline Map (where no item failure is tolerated). */
    static final Set<String> TOLERANCE_FIELDS = Set.of("ToleratedFailurePercentage", "ToleratedFailurePercentagePath",
            "ToleratedFailureCount", "ToleratedFailureCountPath");

    /**
     * A Map whose processor is not DISTRIBUTED: every distributed field is an error naming what to change,
     * except the tolerated failures, which AWS accepts there and runs (conformance/map-jsonata-inline-tolerated-failures.json).
     */
    static void inline(StateContext state) {
        tolerance(state);
        for (String field : StateType.DISTRIBUTED_MAP_FIELDS) {
            if (state.has(field) && !TOLERANCE_FIELDS.contains(field)) {
                state.report().error(state.at(field), field + " belongs to a distributed Map; set ItemProcessor.ProcessorConfig.Mode"
                        + " to \"DISTRIBUTED\" (and ExecutionType to STANDARD or EXPRESS), or remove " + field + ".");
            }
        }
    }

    static void check(StateContext state) {
        Report report = state.report();
        boolean jsonata = state.jsonata();
        tolerance(state);
        if (state.has("ItemReader")) {
            if (state.has("ItemsPath") || state.has("Items")) {
                report.error(state.at(state.has("Items") ? "Items" : "ItemsPath"), "A Map with an ItemReader reads its items"
                        + " from the object store; remove " + (state.has("Items") ? "Items" : "ItemsPath") + ".");
            }
            reader(report, state.at("ItemReader"), state.get("ItemReader"), jsonata);
        }
        if (state.has("ItemBatcher")) {
            batcher(report, state.at("ItemBatcher"), state.get("ItemBatcher"), jsonata);
        }
        if (state.has("ResultWriter")) {
            writer(report, state.at("ResultWriter"), state.get("ResultWriter"), jsonata);
        }
        JsonNode label = state.get("Label");
        if (label != null && !(label.isTextual() && LABEL.matcher(label.asText()).matches())) {
            report.error(state.at("Label"), "Label must be a string of 1 to 40 characters without white space, brackets,"
                    + " wildcards or any of \" # % \\ ^ | ~ ` $ & , ; : /, but is " + Fields.describe(label) + ".");
        }
    }

    private static void tolerance(StateContext state) {
        Report report = state.report();
        boolean jsonata = state.jsonata();
        Fields.notBoth(report, state.pointer(), state.node(), "ToleratedFailurePercentage", "ToleratedFailurePercentagePath");
        Fields.notBoth(report, state.pointer(), state.node(), "ToleratedFailureCount", "ToleratedFailureCountPath");
        number(report, state, "ToleratedFailurePercentage", 100, jsonata);
        number(report, state, "ToleratedFailureCount", Integer.MAX_VALUE, jsonata);
        for (String path : List.of("ToleratedFailurePercentagePath", "ToleratedFailureCountPath")) {
            if (state.has(path) && !jsonata) {
                PathRules.referencePath(report, state.at(path), path, state.get(path));
            }
        }
    }

    private static void number(Report report, StateContext state, String field, long max, boolean jsonata) {
        JsonNode v = state.get(field);
        if (v == null || jsonata && Fields.isExpression(v)) {
            return;
        }
        boolean integer = field.endsWith("Count");
        boolean ok = v.isNumber() && v.asDouble() >= 0 && v.asDouble() <= max && (!integer || Fields.isInteger(v));
        if (!ok) {
            report.error(state.at(field), field + " must be " + (integer ? "an integer" : "a number") + " from 0 to " + max
                    + ", but is " + Fields.describe(v) + ".");
        }
    }

    private static void reader(Report report, Pointer at, JsonNode reader, boolean jsonata) {
        if (!Fields.object(report, at, "ItemReader", reader)) return;
        unknown(report, at, "ItemReader", reader, READER_FIELDS);
        arguments(report, at, reader, jsonata);
        JsonNode resource = reader.get("Resource");
        JsonNode config = reader.get("ReaderConfig");
        if (resource == null) {
            report.error(at, "ItemReader needs Resource: " + LIST_OBJECTS + " (the objects under a prefix) or " + GET_OBJECT
                    + " (the rows of one object, with ReaderConfig.InputType).");
        } else if (!resource.isTextual() || !(resource.asText().equals(LIST_OBJECTS) || resource.asText().equals(GET_OBJECT))) {
            report.error(at.child("Resource"), "ItemReader Resource must be " + LIST_OBJECTS + " or " + GET_OBJECT
                    + " (Sluice reads no S3 inventory manifests or object versions), but is " + Fields.describe(resource) + ".");
        } else if (resource.asText().equals(GET_OBJECT) && (config == null || !config.has("InputType"))) {
            report.error(config == null ? at : at.child("ReaderConfig"), "An ItemReader over " + GET_OBJECT
                    + " needs ReaderConfig.InputType: CSV, JSON (an array) or JSONL.");
        }
        if (config == null || !Fields.object(report, at.child("ReaderConfig"), "ReaderConfig", config)) return;
        Pointer c = at.child("ReaderConfig");
        unknown(report, c, "ReaderConfig", config, READER_CONFIG_FIELDS);
        Fields.notBoth(report, c, config, "MaxItems", "MaxItemsPath");
        oneOf(report, c, config, "InputType", INPUT_TYPES);
        oneOf(report, c, config, "CSVHeaderLocation", List.of("FIRST_ROW", "GIVEN"));
        oneOf(report, c, config, "CSVDelimiter", DELIMITERS);
        JsonNode headers = config.get("CSVHeaders");
        boolean given = config.path("CSVHeaderLocation").asText("").equals("GIVEN");
        if (given && headers == null) {
            report.error(c, "CSVHeaderLocation GIVEN needs CSVHeaders, the column names in order.");
        }
        if (headers != null && Fields.nonEmptyArray(report, c.child("CSVHeaders"), "CSVHeaders", headers, "column names")) {
            for (int i = 0; i < headers.size(); i++) {
                Fields.string(report, c.child("CSVHeaders").child(i), "CSVHeaders[" + i + "]", headers.get(i));
            }
        }
        JsonNode max = config.get("MaxItems");
        if (max != null && !(jsonata && Fields.isExpression(max))) {
            Fields.nonNegativeInt(report, c.child("MaxItems"), "MaxItems", max);
        }
        if (config.has("MaxItemsPath") && !jsonata) {
            PathRules.referencePath(report, c.child("MaxItemsPath"), "MaxItemsPath", config.get("MaxItemsPath"));
        }
    }

    private static void batcher(Report report, Pointer at, JsonNode batcher, boolean jsonata) {
        if (!Fields.object(report, at, "ItemBatcher", batcher)) return;
        unknown(report, at, "ItemBatcher", batcher, BATCHER_FIELDS);
        Fields.notBoth(report, at, batcher, "MaxItemsPerBatch", "MaxItemsPerBatchPath");
        Fields.notBoth(report, at, batcher, "MaxInputBytesPerBatch", "MaxInputBytesPerBatchPath");
        if (Fields.present(batcher, List.of("MaxItemsPerBatch", "MaxItemsPerBatchPath", "MaxInputBytesPerBatch",
                "MaxInputBytesPerBatchPath")).isEmpty()) {
            report.error(at, "ItemBatcher needs MaxItemsPerBatch or MaxInputBytesPerBatch (or their Path forms): how big a batch may grow.");
        }
        JsonNode items = batcher.get("MaxItemsPerBatch");
        if (items != null && !(jsonata && Fields.isExpression(items))) {
            Fields.positiveInt(report, at.child("MaxItemsPerBatch"), "MaxItemsPerBatch", items);
        }
        JsonNode bytes = batcher.get("MaxInputBytesPerBatch");
        if (bytes != null && !(jsonata && Fields.isExpression(bytes))
                && !(Fields.isInteger(bytes) && bytes.asLong() > 0 && bytes.asLong() <= MAX_BATCH_BYTES)) {
            report.error(at.child("MaxInputBytesPerBatch"), "MaxInputBytesPerBatch must be an integer from 1 to " + MAX_BATCH_BYTES
                    + " (256 KiB), but is " + Fields.describe(bytes) + ".");
        }
        for (String path : List.of("MaxItemsPerBatchPath", "MaxInputBytesPerBatchPath")) {
            if (batcher.has(path) && !jsonata) {
                PathRules.referencePath(report, at.child(path), path, batcher.get(path));
            }
        }
        JsonNode input = batcher.get("BatchInput");
        if (input != null && Fields.object(report, at.child("BatchInput"), "BatchInput", input)) {
            template(report, at.child("BatchInput"), "BatchInput", input, jsonata);
        }
    }

    private static void writer(Report report, Pointer at, JsonNode writer, boolean jsonata) {
        if (!Fields.object(report, at, "ResultWriter", writer)) return;
        unknown(report, at, "ResultWriter", writer, WRITER_FIELDS);
        arguments(report, at, writer, jsonata);
        JsonNode resource = writer.get("Resource");
        if (resource == null && !writer.has("WriterConfig")) {
            report.error(at, "ResultWriter needs Resource " + PUT_OBJECT + " with the Bucket and Prefix to write to, or WriterConfig.");
        } else if (resource != null && !(resource.isTextual() && resource.asText().equals(PUT_OBJECT))) {
            report.error(at.child("Resource"), "ResultWriter Resource must be " + PUT_OBJECT + ", but is " + Fields.describe(resource) + ".");
        }
        JsonNode config = writer.get("WriterConfig");
        if (config != null && Fields.object(report, at.child("WriterConfig"), "WriterConfig", config)) {
            Pointer c = at.child("WriterConfig");
            unknown(report, c, "WriterConfig", config, Set.of("Transformation", "OutputType"));
            oneOf(report, c, config, "Transformation", List.of("NONE", "COMPACT", "FLATTEN"));
            oneOf(report, c, config, "OutputType", List.of("JSON", "JSONL"));
        }
    }

    /** Parameters (JSONPath) or Arguments (JSONata) of a reader or writer: an object, checked as a template. */
    private static void arguments(Report report, Pointer at, JsonNode node, boolean jsonata) {
        String field = jsonata ? "Arguments" : "Parameters";
        String other = jsonata ? "Parameters" : "Arguments";
        if (node.has(other)) {
            report.error(at.child(other), other + " is not allowed here in a " + (jsonata ? "JSONata" : "JSONPath") + " state; use "
                    + field + ".");
        }
        JsonNode value = node.get(field);
        if (value != null && (jsonata && Fields.isExpression(value) || Fields.object(report, at.child(field), field, value))) {
            template(report, at.child(field), field, value, jsonata);
        }
    }

    private static void template(Report report, Pointer at, String field, JsonNode value, boolean jsonata) {
        if (jsonata) {
            QueryRules.expressions(report, at, field, value);
        } else {
            PathRules.template(report, at, field, value);
        }
    }

    private static void oneOf(Report report, Pointer at, JsonNode node, String field, List<String> allowed) {
        JsonNode v = node.get(field);
        if (v != null && !(v.isTextual() && allowed.contains(v.asText()))) {
            report.error(at.child(field), field + " must be one of " + String.join(", ", allowed) + ", but is " + Fields.describe(v) + ".");
        }
    }

    private static void unknown(Report report, Pointer at, String name, JsonNode node, Set<String> allowed) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!allowed.contains(field)) {
                report.error(at.child(field), "Field " + field + " is not allowed in " + name + "; it allows "
                        + Fields.list(allowed.stream().sorted().toList()) + ".");
            }
        }
    }
}
