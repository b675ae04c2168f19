package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;

/**
 * JSON equality for comparing values: numbers compare by value (1, 1.0 and 1e0 are equal,
 * whatever Jackson node holds them), objects ignore field order. {@link #of} builds a tree fit
 * for {@code equals} and {@code hashCode}, so duplicates can be found with a hash set.
 */
final class JsonValueKey {
    private JsonValueKey() {}

    static JsonNode of(JsonNode node) {
        if (node.isNumber()) {
            return DecimalNode.valueOf(node.decimalValue().stripTrailingZeros());
        }
        if (!node.isContainerNode() || !containsNumber(node)) {
            return node; // Jackson's own equality already ignores field order
        }
        if (node.isArray()) {
            ArrayNode out = Json.NODES.arrayNode(node.size());
            node.forEach(item -> out.add(of(item)));
            return out;
        }
        ObjectNode out = Json.object();
        node.properties().forEach(field -> out.set(field.getKey(), of(field.getValue())));
        return out;
    }

    private static boolean containsNumber(JsonNode node) {
        if (node.isNumber()) {
            return true;
        }
        for (JsonNode child : node) {
            if (containsNumber(child)) {
                return true;
            }
        }
        return false;
    }
}
