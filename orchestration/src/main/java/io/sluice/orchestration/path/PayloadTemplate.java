package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.intrinsic.IntrinsicCall;
import io.sluice.orchestration.path.intrinsic.Intrinsics;
import java.util.ArrayList;
import java.util.List;

/**
 * A payload template (Parameters, ResultSelector, ItemSelector): a JSON value in which every
 * field whose name ends in {@code .$} takes its value from a path or an intrinsic function call.
 * Compiled once when the definition loads.
 */
public final class PayloadTemplate implements ValueTemplate {
    private final JsonNode source;
    private final Node root;

    private PayloadTemplate(JsonNode source, Node root) {
        this.source = source;
        this.root = root;
    }

    /** Compiles a template; a malformed path or call throws {@link PathSyntaxException}. */
    public static PayloadTemplate compile(JsonNode template) {
        return new PayloadTemplate(template, compileNode(template));
    }

    public JsonNode source() {
        return source;
    }

    /** Renders the template against {@code scope}; a path that selects nothing fails with {@code States.Runtime}. */
    public JsonNode render(Scope scope) {
        return root.render(scope);
    }

    private sealed interface Node permits Literal, ObjectTemplate, ArrayTemplate {
        JsonNode render(Scope scope);
    }

    private record Literal(JsonNode value) implements Node {
        public JsonNode render(Scope scope) {
            return value;
        }
    }

    private record Field(String name, Node literal, DataPath path, IntrinsicCall call, String expression) {}

    private record ObjectTemplate(List<Field> fields) implements Node {
        public JsonNode render(Scope scope) {
            ObjectNode out = Json.object();
            for (Field f : fields) {
                if (f.literal != null) {
                    out.set(f.name, f.literal.render(scope));
                } else if (f.path != null) {
                    JsonNode value = f.path.select(scope);
                    if (value == null) {
                        // States.Runtime, as AWS and Step Functions Local report it (not the spec's States.ParameterPathFailure).
                        throw new AslException(ErrorNames.RUNTIME,
                                "The JSONPath '" + f.expression + "' specified for the field '" + f.name
                                        + ".$' could not be found in the input " + preview(f.path.root(scope)));
                    }
                    out.set(f.name, value);
                } else {
                    out.set(f.name, f.call.evaluate(scope));
                }
            }
            return out;
        }
    }

    private record ArrayTemplate(List<Node> items) implements Node {
        public JsonNode render(Scope scope) {
            ArrayNode out = Json.NODES.arrayNode(items.size());
            for (Node item : items) {
                out.add(item.render(scope));
            }
            return out;
        }
    }

    private static Node compileNode(JsonNode node) {
        if (node.isObject()) {
            if (!containsDynamic(node)) {
                return new Literal(node);
            }
            List<Field> fields = new ArrayList<>();
            node.fields().forEachRemaining(e -> {
                String name = e.getKey();
                JsonNode value = e.getValue();
                if (name.endsWith(".$")) {
                    String bare = name.substring(0, name.length() - 2);
                    if (!value.isTextual()) {
                        throw new PathSyntaxException(String.valueOf(value), "the field '" + name + "' must hold a path or an intrinsic function call as a string");
                    }
                    String expr = value.asText();
                    if (DataPath.isPathText(expr)) {
                        fields.add(new Field(bare, null, DataPath.parse(expr), null, expr));
                    } else {
                        fields.add(new Field(bare, null, null, Intrinsics.parse(expr), expr));
                    }
                } else {
                    fields.add(new Field(name, compileNode(value), null, null, null));
                }
            });
            return new ObjectTemplate(List.copyOf(fields));
        }
        if (node.isArray() && containsDynamic(node)) {
            List<Node> items = new ArrayList<>();
            node.forEach(item -> items.add(compileNode(item)));
            return new ArrayTemplate(List.copyOf(items));
        }
        return new Literal(node);
    }

    private static boolean containsDynamic(JsonNode node) {
        if (node.isObject()) {
            var it = node.fields();
            while (it.hasNext()) {
                var e = it.next();
                if (e.getKey().endsWith(".$") || containsDynamic(e.getValue())) {
                    return true;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                if (containsDynamic(item)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A short rendering of a payload for error messages. */
    public static String preview(JsonNode node) {
        String text = Json.write(node);
        return text.length() <= 200 ? "'" + text + "'" : "'" + text.substring(0, 200) + "...'";
    }
}
