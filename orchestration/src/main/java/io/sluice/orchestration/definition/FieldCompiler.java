package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.ReferencePath;
import io.sluice.orchestration.path.ValueTemplate;
import io.sluice.orchestration.path.jsonata.Expression;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles the fields of one state in its query language: JSONPath paths and payload templates, or
 * JSONata templates. Every value is compiled once, when the definition loads.
 */
record FieldCompiler(JsonNode n, boolean jsonata) {

    /** Parameters (JSONPath) or Arguments (JSONata). */
    ValueTemplate arguments() {
        return jsonata ? jsonataTemplate("Arguments") : template("Parameters");
    }

    Selector selector(String field) {
        if (jsonata || !n.has(field)) {
            return Selector.identity(field);
        }
        JsonNode value = n.get(field);
        return value.isNull() ? Selector.discarding(field) : Selector.of(field, value.asText());
    }

    ValueTemplate template(String field) {
        return n.has(field) ? PayloadTemplate.compile(n.get(field)) : null;
    }

    ValueTemplate jsonataTemplate(String field) {
        return n.has(field) ? JsonataTemplate.compile(n.get(field), field) : null;
    }

    /** ItemSelector, a payload template in JSONPath and a JSONata template in JSONata. */
    ValueTemplate selectorTemplate(String field) {
        return jsonata ? jsonataTemplate(field) : template(field);
    }

    ResultHandling result() {
        if (jsonata) {
            return ResultHandling.IDENTITY;
        }
        return new ResultHandling(template("ResultSelector"), resultPath(n.get("ResultPath"), n.has("ResultPath")),
                selector("OutputPath"));
    }

    static ResultPath resultPath(JsonNode value, boolean present) {
        if (!present) {
            return ResultPath.REPLACE;
        }
        return value.isNull() ? ResultPath.DISCARD : new ResultPath(ReferencePath.parse(value.asText()));
    }

    Exit exit() {
        return exit(n, jsonata);
    }

    /** Assign (both languages) and Output (JSONata) of a state, a Choice rule or a catcher. */
    static Exit exit(JsonNode node, boolean jsonata) {
        ValueTemplate assign = null;
        if (node.has("Assign")) {
            assign = jsonata ? JsonataTemplate.compile(node.get("Assign"), "Assign") : PayloadTemplate.compile(node.get("Assign"));
        }
        ValueTemplate output = jsonata && node.has("Output") ? JsonataTemplate.compile(node.get("Output"), "Output") : null;
        return Exit.of(jsonata, assign, output);
    }

    /**
     * A number given literally or computed: {@code <field>} holding a number (or, in JSONata, an
     * expression) or {@code <field>Path} holding a path. Returns the literal, or {@code null}.
     */
    Integer literalInt(String field) {
        JsonNode v = n.get(field);
        return v != null && !Expression.isExpression(v) ? v.asInt() : null;
    }

    Long literalLong(String field) {
        JsonNode v = n.get(field);
        return v != null && !Expression.isExpression(v) ? v.asLong() : null;
    }

    /** The computed form: an expression in {@code field} (JSONata), or the path in {@code field + "Path"}. */
    PathOrIntrinsic computed(String field) {
        JsonNode v = n.get(field);
        if (jsonata) {
            return Expression.isExpression(v) ? new PathOrIntrinsic.OfTemplate(v.asText(), JsonataTemplate.compile(v, field)) : null;
        }
        return path(field + "Path");
    }

    PathOrIntrinsic path(String field) {
        return n.has(field) ? new PathOrIntrinsic.OfPath(DataPath.parse(n.get(field).asText())) : null;
    }

    /** Error or Cause of a Fail state: literal text, else ErrorPath/CausePath or a JSONata expression. */
    String literalText(String field) {
        JsonNode v = n.get(field);
        return v == null || (jsonata && Expression.isExpression(v)) ? null : v.asText();
    }

    PathOrIntrinsic computedText(String field) {
        if (jsonata) {
            return computed(field);
        }
        return n.has(field + "Path") ? PathOrIntrinsic.compile(n.get(field + "Path").asText()) : null;
    }

    /** A Map's items: ItemsPath (JSONPath) or Items (JSONata: an expression or an array); {@code null} is the input. */
    PathOrIntrinsic items() {
        if (!jsonata) {
            return path("ItemsPath");
        }
        JsonNode v = n.get("Items");
        return v == null ? null : new PathOrIntrinsic.OfTemplate(v.toString(), JsonataTemplate.compile(v, "Items"));
    }

    String text(String field) {
        return n.has(field) ? n.get(field).asText() : null;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }
}
