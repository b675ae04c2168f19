package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Jsonata;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Jackson trees to the plain Java values the JSONata library works on (maps, lists, strings, numbers), and back. */
final class JsonataValues {
    private JsonataValues() {}

    /** Whole numbers as Jackson reads them from text: an int node when they fit, so trees compare equal. */
    private static JsonNode integral(long v) {
        return v == (int) v ? Json.NODES.numberNode((int) v) : Json.NODES.numberNode(v);
    }

    static Object toJava(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return null;
        }
        return switch (node.getNodeType()) {
            case OBJECT, POJO -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    map.put(e.getKey(), toJava(e.getValue()));
                }
                yield map;
            }
            case ARRAY -> {
                List<Object> list = new ArrayList<>(node.size());
                node.forEach(item -> list.add(toJava(item)));
                yield list;
            }
            case STRING, BINARY -> node.asText();
            case NUMBER -> node.isIntegralNumber() && node.canConvertToLong() ? (Object) node.longValue() : (Object) node.doubleValue();
            case BOOLEAN -> node.booleanValue();
            case NULL, MISSING -> Jsonata.NULL_VALUE;
        };
    }

    /**
     * The JSON for a value an expression returned; {@code null} (JSONata's undefined) stays {@code null}. Within an object
     * or array a {@code null} is JSON null: the library drops what is undefined there and turns its null into Java null.
     * Throws {@link IllegalArgumentException} for what JSON cannot hold (a function, a non-finite number).
     */
    static JsonNode toJson(Object value) {
        if (value == null) {
            return null;
        }
        if (value == Jsonata.NULL_VALUE) {
            return Json.NODES.nullNode();
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode out = Json.object();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                JsonNode v = toJson(e.getValue());
                out.set(String.valueOf(e.getKey()), v == null ? Json.NODES.nullNode() : v);
            }
            return out;
        }
        if (value instanceof List<?> list) {
            ArrayNode out = Json.NODES.arrayNode(list.size());
            for (Object item : list) {
                JsonNode v = toJson(item);
                out.add(v == null ? Json.NODES.nullNode() : v);
            }
            return out;
        }
        if (value instanceof String s) return Json.NODES.textNode(s);
        if (value instanceof Boolean b) return Json.NODES.booleanNode(b);
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return integral(((Number) value).longValue());
        }
        if (value instanceof BigInteger b) return Json.NODES.numberNode(b);
        if (value instanceof BigDecimal b) return Json.NODES.numberNode(b);
        if (value instanceof Number n) {
            double d = n.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("it gave the number " + d + ", which JSON cannot hold");
            }
            return Math.rint(d) == d && Math.abs(d) < 9.0e15 ? integral((long) d) : Json.NODES.numberNode(d);
        }
        throw new IllegalArgumentException("it gave a function or another value JSON cannot hold ("
                + value.getClass().getSimpleName() + ")");
    }
}
