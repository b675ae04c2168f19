package io.sluice.functions.integration.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's attribute values as JSON ({@code {"S": "x"}}, {@code {"N": "1.5"}}, {@code {"M": {...}}},
 * {@code {"L": [...]}}, {@code BOOL}, {@code NULL}, {@code B}, {@code SS}/{@code NS}/{@code BS}): checking
 * them, comparing them as DynamoDB does (numbers as numbers, strings and binaries by their bytes, sets
 * without order) and the canonical text of a key value.
 */
final class AttributeValues {
    static final Set<String> TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS");

    private AttributeValues() {}

    /** The value's type ({@code S}, {@code N}, ...), or {@code null} when it is no attribute value. */
    static String type(JsonNode v) {
        if (v == null || !v.isObject() || v.size() != 1) {
            return null;
        }
        String type = v.fieldNames().next();
        return TYPES.contains(type) ? type : null;
    }

    /** A problem with {@code v} as an attribute value (naming {@code where}), or {@code null} when it is one. */
    static String problem(JsonNode v, String where) {
        String type = type(v);
        if (type == null) {
            return where + " is not an attribute value: expected an object with one of " + String.join(", ", sorted(TYPES))
                    + ", such as {\"S\": \"text\"}, but found " + (v == null ? "nothing" : v.toString());
        }
        JsonNode x = v.get(type);
        return switch (type) {
            case "S", "B" -> x.isTextual() ? null : where + "." + type + " must be a string";
            case "N" -> x.isTextual() && number(x.asText()) != null ? null : where + ".N must be a number written as a string, such as \"42\"";
            case "BOOL" -> x.isBoolean() ? null : where + ".BOOL must be true or false";
            case "NULL" -> x.isBoolean() && x.asBoolean() ? null : where + ".NULL must be true";
            case "M" -> {
                if (!x.isObject()) yield where + ".M must be an object of attribute values";
                for (Iterator<Map.Entry<String, JsonNode>> it = x.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String p = problem(e.getValue(), where + ".M." + e.getKey());
                    if (p != null) yield p;
                }
                yield null;
            }
            case "L" -> {
                if (!x.isArray()) yield where + ".L must be an array of attribute values";
                for (int i = 0; i < x.size(); i++) {
                    String p = problem(x.get(i), where + ".L[" + i + "]");
                    if (p != null) yield p;
                }
                yield null;
            }
            default -> set(x, type, where);
        };
    }

    private static String set(JsonNode x, String type, String where) {
        if (!x.isArray() || x.isEmpty()) {
            return where + "." + type + " must be a non-empty array";
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode e : x) {
            if (!e.isTextual() || type.equals("NS") && number(e.asText()) == null) {
                return where + "." + type + " holds " + e + ", which is not a " + (type.equals("NS") ? "number string" : "string");
            }
            if (!seen.add(type.equals("NS") ? number(e.asText()).toPlainString() : e.asText())) {
                return where + "." + type + " holds " + e + " twice; a set has no duplicates";
            }
        }
        return null;
    }

    /** A problem with an item (an object of attribute values), or {@code null}. */
    static String itemProblem(JsonNode item, String field) {
        if (item == null || !item.isObject()) {
            return field + " must be an object of attribute values, such as {\"id\": {\"S\": \"o-1\"}}";
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = item.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String p = problem(e.getValue(), field + "." + e.getKey());
            if (p != null) return p;
        }
        return null;
    }

    static BigDecimal number(String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The canonical text of a key value: {@code S:text}, {@code N:1.5} (one spelling per number), {@code B:base64}. */
    static String keyText(JsonNode v) {
        String type = type(v);
        String x = v.get(type).asText();
        return type + ":" + (type.equals("N") ? canonical(number(x)) : x);
    }

    private static String canonical(BigDecimal n) {
        return n.signum() == 0 ? "0" : n.stripTrailingZeros().toPlainString();
    }

    /** Whether two attribute values are equal as DynamoDB's {@code =} says: same type and value; sets in any order. */
    static boolean equal(JsonNode a, JsonNode b) {
        String ta = type(a);
        String tb = type(b);
        if (ta == null || !ta.equals(tb)) {
            return false;
        }
        JsonNode x = a.get(ta);
        JsonNode y = b.get(tb);
        return switch (ta) {
            case "N" -> number(x.asText()).compareTo(number(y.asText())) == 0;
            case "SS", "BS" -> textSet(x).equals(textSet(y));
            case "NS" -> numberSet(x).equals(numberSet(y));
            case "M" -> {
                if (x.size() != y.size()) yield false;
                for (Iterator<String> it = x.fieldNames(); it.hasNext(); ) {
                    String k = it.next();
                    if (!y.has(k) || !equal(x.get(k), y.get(k))) yield false;
                }
                yield true;
            }
            case "L" -> {
                if (x.size() != y.size()) yield false;
                for (int i = 0; i < x.size(); i++) {
                    if (!equal(x.get(i), y.get(i))) yield false;
                }
                yield true;
            }
            default -> x.equals(y);
        };
    }

    /**
     * DynamoDB's order for {@code <}, {@code >}, BETWEEN and a query's sort key: numbers by value, strings by
     * their UTF-8 bytes, binaries by their bytes. {@code null} when the two are not comparable (other types, or
     * two different ones): such a comparison is false.
     */
    static Integer compare(JsonNode a, JsonNode b) {
        String ta = type(a);
        if (ta == null || !ta.equals(type(b))) {
            return null;
        }
        return switch (ta) {
            case "N" -> number(a.get("N").asText()).compareTo(number(b.get("N").asText()));
            case "S" -> Arrays.compareUnsigned(a.get("S").asText().getBytes(StandardCharsets.UTF_8),
                    b.get("S").asText().getBytes(StandardCharsets.UTF_8));
            case "B" -> Arrays.compareUnsigned(bytes(a.get("B").asText()), bytes(b.get("B").asText()));
            default -> null;
        };
    }

    static byte[] bytes(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return base64.getBytes(StandardCharsets.UTF_8);
        }
    }

    private static Set<String> textSet(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    private static Set<String> numberSet(JsonNode array) {
        Set<String> out = new HashSet<>();
        array.forEach(e -> out.add(canonical(number(e.asText()))));
        return out;
    }

    static ObjectNode of(String type, JsonNode value) {
        ObjectNode o = Json.object();
        o.set(type, value);
        return o;
    }

    static ObjectNode number(BigDecimal n) {
        return of("N", Json.NODES.textNode(canonical(n)));
    }

    static ObjectNode bool(boolean b) {
        return of("BOOL", Json.NODES.booleanNode(b));
    }

    /** The union of two sets of one type (ADD), or their difference (DELETE). */
    static ObjectNode setOp(JsonNode a, JsonNode b, boolean add) {
        String type = type(a);
        ArrayNode out = Json.NODES.arrayNode();
        Set<String> other = type.equals("NS") ? numberSet(b.get(type)) : textSet(b.get(type));
        Set<String> seen = new HashSet<>();
        for (JsonNode e : a.get(type)) {
            String k = type.equals("NS") ? canonical(number(e.asText())) : e.asText();
            if ((add || !other.contains(k)) && seen.add(k)) out.add(e);
        }
        if (add) {
            for (JsonNode e : b.get(type)) {
                String k = type.equals("NS") ? canonical(number(e.asText())) : e.asText();
                if (seen.add(k)) out.add(e);
            }
        }
        return out.isEmpty() ? null : of(type, out);
    }

    private static java.util.List<String> sorted(Set<String> s) {
        return s.stream().sorted().toList();
    }
}
