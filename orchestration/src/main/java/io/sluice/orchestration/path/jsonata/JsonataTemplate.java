package io.sluice.orchestration.path.jsonata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.ValueTemplate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A value of a JSONata state (Arguments, Output, Assign, Items, ItemSelector, Condition, ...): any
 * JSON in which each string of the form <code>{% expression %}</code>, at any depth, is computed.
 * Every expression is compiled once, when the definition loads. An expression that gives nothing
 * (JSONata's undefined), whole value or nested field, fails with {@code States.QueryEvaluationError}
 * naming the field as Step Functions does ({@code Output/result}), as AWS records
 * (conformance/jsonata-undefined-fails.json).
 */
public final class JsonataTemplate implements ValueTemplate {
    private final JsonNode source;
    private final Node root;
    private final Set<String> variables;
    private final boolean readsContext;

    private JsonataTemplate(JsonNode source, Node root, Set<String> variables, boolean readsContext) {
        this.source = source;
        this.root = root;
        this.variables = variables;
        this.readsContext = readsContext;
    }

    /** Compiles {@code value}, the field {@code field}; a malformed expression throws {@code PathSyntaxException}. */
    public static JsonataTemplate compile(JsonNode value, String field) {
        List<Expression> all = new ArrayList<>();
        Node root = node(value, field, all);
        Set<String> names = new LinkedHashSet<>();
        boolean context = false;
        for (Expression e : all) {
            names.addAll(e.variables());
            context |= e.readsContext();
        }
        return new JsonataTemplate(value, root, Set.copyOf(names), context);
    }

    public JsonNode source() {
        return source;
    }

    /** Whether any expression reads {@code $states.context}, so the interpreter builds it. */
    public boolean readsContext() {
        return readsContext;
    }

    /** Whether there is any expression in the value (else it renders to its source). */
    public boolean isDynamic() {
        return !(root instanceof Literal);
    }

    @Override
    public JsonNode render(Scope scope) {
        if (root instanceof Literal l) {
            return l.value;
        }
        return root.render(new Evaluation(scope, variables, readsContext));
    }

    private sealed interface Node permits Literal, Computed, ObjectNodeTemplate, ArrayNodeTemplate {
        JsonNode render(Evaluation e);
    }

    private record Literal(JsonNode value) implements Node {
        public JsonNode render(Evaluation e) {
            return value;
        }
    }

    private record Computed(Expression expression) implements Node {
        public JsonNode render(Evaluation e) {
            JsonNode value = expression.evaluate(e);
            if (value == null) {
                throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "The JSONata expression '" + expression.text()
                        + "' specified for the field '" + expression.field() + "' returned nothing (undefined).");
            }
            return value;
        }
    }

    private record ObjectNodeTemplate(List<String> names, List<Node> values) implements Node {
        public JsonNode render(Evaluation e) {
            ObjectNode out = Json.object();
            for (int i = 0; i < names.size(); i++) {
                out.set(names.get(i), values.get(i).render(e));
            }
            return out;
        }
    }

    private record ArrayNodeTemplate(List<Node> items) implements Node {
        public JsonNode render(Evaluation e) {
            ArrayNode out = Json.NODES.arrayNode(items.size());
            for (Node item : items) {
                out.add(item.render(e));
            }
            return out;
        }
    }

    private static Node node(JsonNode value, String field, List<Expression> all) {
        if (Expression.isExpression(value)) {
            Expression e = Expression.compile(value.asText(), field);
            all.add(e);
            return new Computed(e);
        }
        int before = all.size();
        if (value.isObject()) {
            List<String> names = new ArrayList<>();
            List<Node> values = new ArrayList<>();
            for (Map.Entry<String, JsonNode> entry : value.properties()) {
                names.add(entry.getKey());
                values.add(node(entry.getValue(), field + "/" + entry.getKey(), all));
            }
            return all.size() == before ? new Literal(value) : new ObjectNodeTemplate(List.copyOf(names), List.copyOf(values));
        }
        if (value.isArray()) {
            List<Node> items = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                items.add(node(value.get(i), field + "/" + i, all));
            }
            return all.size() == before ? new Literal(value) : new ArrayNodeTemplate(List.copyOf(items));
        }
        return new Literal(value);
    }
}
