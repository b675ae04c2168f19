package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.VariableNames;
import io.sluice.orchestration.path.jsonata.Expression;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * JSONata values and workflow variables: every <code>{% %}</code> expression is compiled with the
 * same JSONata parser the interpreter uses and reported at its own pointer; every Assign is checked
 * for names (identifiers of at most 80 characters, not {@code states}), for its values, and for
 * assigning in an inner scope (a Parallel branch or Map iteration) a name an outer scope assigns.
 */
final class QueryRules {
    private QueryRules() {}

    /** Compiles every expression in {@code value}, the field {@code field}, reporting each that does not parse. */
    static void expressions(Report report, Pointer at, String field, JsonNode value) {
        if (Expression.isExpression(value)) {
            try {
                Expression.compile(value.asText(), field);
            } catch (PathSyntaxException e) {
                report.error(at, field + " holds a JSONata expression that does not parse: " + Fields.sentence(e.getMessage()));
            }
        } else if (value.isTextual() && value.asText().startsWith("{%")) {
            report.error(at, field + " starts a JSONata expression with {% but does not end it with %}.");
        } else if (value.isObject()) {
            for (Map.Entry<String, JsonNode> e : value.properties()) {
                expressions(report, at.child(e.getKey()), field, e.getValue());
            }
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                expressions(report, at.child(i), field, value.get(i));
            }
        }
    }

    /** A field that must be a JSONata expression or a literal of the given kind (a number, a string). */
    static boolean isExpressionOrElse(Report report, Pointer at, String field, JsonNode value) {
        if (Expression.isExpression(value)) {
            expressions(report, at, field, value);
            return true;
        }
        return false;
    }

    /** Assign of a state, Choice rule or catcher, in the language of its state. */
    static void assign(StateContext state, Pointer at, JsonNode value) {
        Report report = state.report();
        if (!Fields.object(report, at, "Assign", value)) {
            return;
        }
        boolean jsonata = state.jsonata();
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            String key = e.getKey();
            Pointer here = at.child(key);
            boolean dynamic = !jsonata && key.endsWith(".$");
            String name = dynamic ? key.substring(0, key.length() - 2) : key;
            String problem = VariableNames.problem(name);
            if (problem != null) {
                report.error(here, problem);
            } else if (state.machine().assignedOutside(name)) {
                report.error(here, "Variable '" + name + "' is assigned by a state outside this " + state.machine().kind()
                        + "; a " + state.machine().kind() + " can read it but not assign it. Return the value through"
                        + " the output, or use another name.");
            }
            if (jsonata) {
                expressions(report, here, "Assign", e.getValue());
            }
        }
        if (!jsonata) {
            PathRules.template(report, at, "Assign", value);
        }
    }

    /** The names a machine's states assign (their Assign, their Choice rules' and their catchers'). */
    static Set<String> assignedBy(JsonNode states) {
        Set<String> names = new HashSet<>();
        if (states == null || !states.isObject()) {
            return names;
        }
        for (JsonNode state : states) {
            addNames(names, state.get("Assign"));
            for (String list : new String[] {"Choices", "Catch"}) {
                JsonNode entries = state.get(list);
                if (entries != null && entries.isArray()) {
                    entries.forEach(entry -> addNames(names, entry.get("Assign")));
                }
            }
        }
        return names;
    }

    private static void addNames(Set<String> into, JsonNode assign) {
        if (assign == null || !assign.isObject()) {
            return;
        }
        for (Iterator<String> it = assign.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            into.add(key.endsWith(".$") ? key.substring(0, key.length() - 2) : key);
        }
    }

    /** Whether {@code template}, a JSONPath payload template, compiles (used for messages only). */
    static boolean compiles(JsonNode template) {
        try {
            PayloadTemplate.compile(template);
            return true;
        } catch (PathSyntaxException e) {
            return false;
        }
    }
}
