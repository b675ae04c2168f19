package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * A reference path: {@code $} followed by field names ({@code .name} or {@code ['name']}) and array
 * indexes ({@code [3]}), naming at most one node. The fast path for the common case, and the only
 * form a ResultPath may take.
 */
public final class ReferencePath implements Path {
    private final String text;
    private final Object[] steps; // String field names and Integer indexes

    private ReferencePath(String text, Object[] steps) {
        this.text = text;
        this.steps = steps;
    }

    /** Parses a reference path rooted at {@code $}; throws {@link PathSyntaxException} when it is not one. */
    public static ReferencePath parse(String text) {
        if (text == null || !text.startsWith("$") || text.startsWith("$$")) {
            throw new PathSyntaxException(text, "a reference path starts with '$'");
        }
        List<Object> steps = new ArrayList<>();
        int i = 1;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '.') {
                int start = ++i;
                while (i < n && text.charAt(i) != '.' && text.charAt(i) != '[') {
                    char d = text.charAt(i);
                    if (d == '*' || d == '@' || d == '?' || d == ',' || d == ':' || d == ']' || d == ' ' || d == '(' || d == ')') {
                        throw new PathSyntaxException(text, "'" + d + "' cannot appear in a field name of a reference path");
                    }
                    i++;
                }
                if (i == start) {
                    throw new PathSyntaxException(text, "a '.' must be followed by a field name");
                }
                steps.add(text.substring(start, i));
            } else if (c == '[') {
                int close = text.indexOf(']', i);
                if (close < 0) {
                    throw new PathSyntaxException(text, "a '[' is not closed");
                }
                String inside = text.substring(i + 1, close);
                if (inside.length() >= 2 && (inside.charAt(0) == '\'' || inside.charAt(0) == '"')
                        && inside.charAt(inside.length() - 1) == inside.charAt(0)) {
                    steps.add(inside.substring(1, inside.length() - 1));
                } else if (!inside.isEmpty() && inside.chars().allMatch(d -> d >= '0' && d <= '9')) {
                    // ASCII digits only (Character.isDigit takes every script's digits, which parseInt then refuses),
                    // and an index an array can have: both found by fuzzing, as NumberFormatExceptions escaping the validator.
                    if (inside.length() > 9) {
                        throw new PathSyntaxException(text, "'[" + inside + "]' is larger than any array index");
                    }
                    steps.add(Integer.parseInt(inside));
                } else {
                    throw new PathSyntaxException(text, "'[" + inside + "]' is not a field name in quotes or an array index");
                }
                i = close + 1;
            } else {
                throw new PathSyntaxException(text, "expected '.' or '[' at position " + i);
            }
        }
        return new ReferencePath(text, steps.toArray());
    }

    /** Whether {@code text} parses as a reference path. */
    public static boolean isReferencePath(String text) {
        try {
            parse(text);
            return true;
        } catch (PathSyntaxException e) {
            return false;
        }
    }

    @Override
    public String text() {
        return text;
    }

    public boolean isRoot() {
        return steps.length == 0;
    }

    /** The node this path names, or {@code null} when there is none. */
    @Override
    public JsonNode select(JsonNode root) {
        JsonNode node = root;
        for (Object step : steps) {
            if (node == null) {
                return null;
            }
            node = step instanceof String field ? (node.isObject() ? node.get(field) : null)
                    : (node.isArray() ? node.get((Integer) step) : null);
        }
        return node;
    }

    /**
     * Why this path selects nothing in {@code root}, in the words Step Functions uses (its JSONPath
     * library's): {@code Missing property in path $['a']} when a field on the way is not there,
     * {@code No results for path: $['a']['b']} when the last one is not, or when a step meets the wrong type.
     */
    public String whyNothing(JsonNode root) {
        StringBuilder at = new StringBuilder("$");
        JsonNode node = root;
        for (int i = 0; i < steps.length; i++) {
            Object step = steps[i];
            at.append(step instanceof String field ? "['" + field + "']" : "[" + step + "]");
            node = node == null ? null : step instanceof String field ? (node.isObject() ? node.get(field) : null)
                    : (node.isArray() ? node.get((Integer) step) : null);
            if (node == null) {
                return (i < steps.length - 1 && step instanceof String ? "Missing property in path " : "No results for path: ") + at;
            }
        }
        return "No results for path: " + at;
    }

    /**
     * Returns a copy of {@code root} with {@code value} placed at this path, creating objects on the
     * way. Only the nodes along the path are copied; the rest is shared. Fails with
     * {@code States.ResultPathMatchFailure} when the path runs through a value that is not an object.
     */
    public JsonNode set(JsonNode root, JsonNode value) {
        if (steps.length == 0) {
            return value;
        }
        return setAt(root, 0, value);
    }

    private JsonNode setAt(JsonNode node, int depth, JsonNode value) {
        if (depth == steps.length) {
            return value;
        }
        Object step = steps[depth];
        if (step instanceof String field) {
            ObjectNode copy;
            if (node == null || node.isNull() || node.isMissingNode()) {
                copy = Json.object();
            } else if (node.isObject()) {
                copy = Json.object();
                copy.setAll((ObjectNode) node);
            } else {
                throw mismatch(depth, node);
            }
            copy.set(field, setAt(copy.get(field), depth + 1, value));
            return copy;
        }
        int index = (Integer) step;
        if (node == null || !node.isArray() || index >= node.size()) {
            throw mismatch(depth, node);
        }
        ArrayNode copy = Json.NODES.arrayNode(node.size());
        copy.addAll((ArrayNode) node);
        copy.set(index, setAt(node.get(index), depth + 1, value));
        return copy;
    }

    private AslException mismatch(int depth, JsonNode found) {
        return new AslException(ErrorNames.RESULT_PATH_MATCH_FAILURE,
                "Unable to apply ResultPath '" + text + "': step " + (depth + 1) + " expects "
                        + (steps[depth] instanceof String ? "an object" : "an array with index " + steps[depth])
                        + " but found " + Json.typeName(found) + ".");
    }

    @Override
    public String toString() {
        return text;
    }
}
