package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;

/** A write's answer as {@code ReturnValues} asks: the item before or after, or only the attributes the write changed. */
final class WriteAnswers {
    private WriteAnswers() {}

    static JsonNode of(String returns, ObjectNode before, ObjectNode after) {
        ObjectNode out = Json.object();
        JsonNode attributes = switch (returns) {
            case "ALL_OLD" -> before;
            case "ALL_NEW" -> after;
            case "UPDATED_OLD" -> changed(before, after, before);
            case "UPDATED_NEW" -> changed(before, after, after);
            default -> null;
        };
        if (attributes != null && !attributes.isEmpty()) {
            out.set("Attributes", attributes);
        }
        return out;
    }

    /** The top-level attributes an update changed, as they are in {@code side}. */
    private static ObjectNode changed(ObjectNode before, ObjectNode after, ObjectNode side) {
        if (side == null) return null;
        ObjectNode out = Json.object();
        side.fieldNames().forEachRemaining(name -> {
            JsonNode b = before == null ? null : before.get(name);
            JsonNode a = after == null ? null : after.get(name);
            if (b == null || a == null || !AttributeValues.equal(a, b)) {
                out.set(name, side.get(name));
            }
        });
        return out;
    }
}
