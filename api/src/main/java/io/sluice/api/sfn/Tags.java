package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.sluice.orchestration.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/** Tags as the service carries them: a list of {@code {"key", "value"}}. */
final class Tags {
    private Tags() {}

    static Map<String, String> read(JsonNode tags) {
        Map<String, String> out = new LinkedHashMap<>();
        if (tags == null || tags.isNull()) {
            return out;
        }
        if (!tags.isArray()) {
            throw SfnError.VALIDATION.with("Value at 'tags' failed to satisfy constraint: expected a list of {\"key\", \"value\"}.");
        }
        for (JsonNode t : tags) {
            if (!t.path("key").isTextual() || t.path("key").asText().isEmpty() || t.path("key").asText().length() > 128) {
                throw SfnError.VALIDATION.with("Value at 'tags' failed to satisfy constraint: every tag has a 'key' of 1-128 characters.");
            }
            out.put(t.get("key").asText(), t.path("value").asText(""));
        }
        if (out.size() > 50) {
            throw SfnError.VALIDATION.with("A resource has at most 50 tags; the request gives " + out.size() + ".");
        }
        return out;
    }

    static ArrayNode write(Map<String, String> tags) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        tags.forEach((k, v) -> out.addObject().put("key", k).put("value", v));
        return out;
    }
}
