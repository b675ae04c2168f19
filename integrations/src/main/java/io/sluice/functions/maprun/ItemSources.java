package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.port.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Opens the {@link ItemSource} a map run's request names: its items, an object listing, or one object's rows. */
final class ItemSources {
    static final String LIST_OBJECTS = "arn:aws:states:::s3:listObjectsV2";
    static final String GET_OBJECT = "arn:aws:states:::s3:getObject";

    private ItemSources() {}

    /** @param objects the content of an object, by bucket and key (the coordinator caches it per run) */
    static ItemSource open(MapRunRequest request, Buckets buckets, ObjectBytes objects) {
        if (request.reader() == null) {
            JsonNode items = request.items();
            return new InlineItems(items == null || !items.isArray() ? io.sluice.orchestration.json.Json.NODES.arrayNode() : items);
        }
        JsonNode reader = request.reader();
        JsonNode parameters = reader.path("Parameters");
        String bucket = text(parameters, "Bucket");
        String resource = reader.path("Resource").asText();
        ObjectStore store;
        try {
            store = buckets.bucket(bucket);
        } catch (IllegalArgumentException e) {
            throw new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader Bucket: " + e.getMessage(), false);
        }
        if (resource.equals(LIST_OBJECTS)) {
            return new ObjectListing(store, parameters.path("Prefix").asText(""));
        }
        if (!resource.equals(GET_OBJECT)) {
            throw new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader Resource '" + resource + "' is not one Sluice reads.", false);
        }
        String key = text(parameters, "Key");
        Supplier<byte[]> content = () -> objects.get(store, bucket, key);
        JsonNode config = reader.path("ReaderConfig");
        return switch (config.path("InputType").asText()) {
            case "CSV" -> new CsvItems(key, content, headers(config), CsvItems.delimiter(config.path("CSVDelimiter").asText(null)));
            case "JSON" -> new JsonArrayItems(key, content);
            case "JSONL" -> new JsonLinesItems(key, content);
            default -> throw new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader InputType '" + config.path("InputType").asText()
                    + "' is not one Sluice reads: CSV, JSON or JSONL.", false);
        };
    }

    private static List<String> headers(JsonNode config) {
        if (!config.path("CSVHeaderLocation").asText("FIRST_ROW").equals("GIVEN")) {
            return null;
        }
        List<String> out = new ArrayList<>();
        config.path("CSVHeaders").forEach(h -> out.add(h.asText()));
        return out;
    }

    private static String text(JsonNode parameters, String field) {
        JsonNode v = parameters.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new TaskError(ErrorNames.ITEM_READER_FAILED, "ItemReader Parameters." + field + " must name the "
                    + (field.equals("Bucket") ? "bucket" : "object") + " to read, but is " + (v == null ? "missing" : v.toString()) + ".", false);
        }
        return v.asText();
    }

    /** The content of objects a reader reads, fetched once per run and process where it can be kept. */
    interface ObjectBytes {
        byte[] get(ObjectStore store, String bucket, String key);
    }
}
