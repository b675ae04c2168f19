package io.sluice.functions.task.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code {"secret": "name"}} references anywhere in a config: an object with exactly one field,
 * {@code secret}, whose value is a string. Finding them and replacing them by their values.
 */
final class SecretReferences {
    private SecretReferences() {}

    /** A reference at an RFC 6901 pointer. */
    record Reference(String pointer, String name) {}

    static List<Reference> find(JsonNode config) {
        List<Reference> found = new ArrayList<>();
        collect(config, "", found);
        return found;
    }

    private static void collect(JsonNode node, String pointer, List<Reference> found) {
        String name = referencedName(node);
        if (name != null) {
            found.add(new Reference(pointer, name));
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                collect(field.getValue(), pointer + "/" + escape(field.getKey()), found);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), pointer + "/" + i, found);
            }
        }
    }

    private static String referencedName(JsonNode node) {
        if (node.isObject() && node.size() == 1 && node.path("secret").isTextual()) {
            return node.get("secret").asText();
        }
        return null;
    }

    /** A copy of {@code config} with every reference replaced by {@code values.apply(reference)}. */
    static JsonNode replace(JsonNode config, Function<Reference, String> values) {
        return copy(config, "", values);
    }

    private static JsonNode copy(JsonNode node, String pointer, Function<Reference, String> values) {
        String name = referencedName(node);
        if (name != null) {
            return Json.NODES.textNode(values.apply(new Reference(pointer, name)));
        }
        if (node.isObject()) {
            ObjectNode out = ((ObjectNode) node).objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                out.set(field.getKey(), copy(field.getValue(), pointer + "/" + escape(field.getKey()), values));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = ((ArrayNode) node).arrayNode(node.size());
            for (int i = 0; i < node.size(); i++) {
                out.add(copy(node.get(i), pointer + "/" + i, values));
            }
            return out;
        }
        return node;
    }

    private static String escape(String field) {
        return field.replace("~", "~0").replace("/", "~1");
    }
}
