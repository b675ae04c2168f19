package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PathSyntaxException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Choice states: Choices, Default, and the shape of every rule, nested or not. */
final class ChoiceRules {
    /** What a comparison operator takes as its operand. */
    private enum Operand {
        STRING("a string"), NUMBER("a number"), TIMESTAMP("an RFC 3339 timestamp string such as '2026-11-29T06:00:00Z'"),
        BOOLEAN("true or false"), PATH("a path such as '$.threshold'");

        final String expected;

        Operand(String expected) {
            this.expected = expected;
        }
    }

    private static final Map<String, Operand> COMPARISONS = comparisons();
    private static final List<String> BOOLEAN_OPERATORS = List.of("And", "Or", "Not");

    private ChoiceRules() {}

    private static Map<String, Operand> comparisons() {
        Map<String, Operand> ops = new LinkedHashMap<>();
        Map<String, Operand> families = Map.of("String", Operand.STRING, "Numeric", Operand.NUMBER,
                "Timestamp", Operand.TIMESTAMP);
        for (String family : List.of("String", "Numeric", "Timestamp")) {
            for (String test : List.of("Equals", "LessThan", "GreaterThan", "LessThanEquals", "GreaterThanEquals")) {
                ops.put(family + test, families.get(family));
                ops.put(family + test + "Path", Operand.PATH);
            }
        }
        ops.put("StringMatches", Operand.STRING);
        ops.put("BooleanEquals", Operand.BOOLEAN);
        ops.put("BooleanEqualsPath", Operand.PATH);
        for (String test : List.of("IsNull", "IsPresent", "IsNumeric", "IsString", "IsBoolean", "IsTimestamp")) {
            ops.put(test, Operand.BOOLEAN);
        }
        return Map.copyOf(ops);
    }

    static void check(StateContext state) {
        JsonNode choices = state.get("Choices");
        if (choices == null) {
            state.report().error(state.pointer(), "A Choice state needs Choices, a non-empty array of rules.");
        } else if (Fields.nonEmptyArray(state.report(), state.at("Choices"), "Choices", choices, "rules")) {
            for (int i = 0; i < choices.size(); i++) {
                if (state.jsonata()) {
                    jsonataRule(state, state.at("Choices").child(i), choices.get(i));
                } else {
                    rule(state, state.at("Choices").child(i), choices.get(i), true);
                }
            }
        }
        if (state.has("Default")) {
            state.machine().checkTarget(state.report(), state.at("Default"), "Default", state.get("Default"));
        }
    }

    private static void rule(StateContext state, Pointer at, JsonNode rule, boolean topLevel) {
        Report report = state.report();
        if (!rule.isObject()) {
            report.error(at, "A Choice rule must be an object, but is " + Fields.describe(rule) + ".");
            return;
        }
        List<String> operators = new ArrayList<>();
        for (Iterator<String> it = rule.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (COMPARISONS.containsKey(field) || BOOLEAN_OPERATORS.contains(field)) {
                operators.add(field);
            } else if (topLevel && field.equals("Assign")) {
                QueryRules.assign(state, at.child("Assign"), rule.get("Assign"));
            } else if (topLevel && field.equals("Output")) {
                report.error(at.child("Output"), "Output is a JSONata field, but this Choice state is written in JSONPath;"
                        + " use the state's OutputPath, or make the state JSONata.");
            } else if (!List.of("Variable", "Next", "Comment").contains(field)) {
                report.error(at.child(field), "Field " + field + " is not allowed in a Choice rule; a rule has Variable, one"
                        + " comparison operator (such as StringEquals or NumericGreaterThanPath) or And, Or, Not,"
                        + (topLevel ? " Next" : "") + " and an optional Comment.");
            }
        }
        transition(state, at, rule, topLevel);
        if (rule.has("Comment")) {
            Fields.string(report, at.child("Comment"), "Comment", rule.get("Comment"));
        }
        if (operators.size() != 1) {
            report.error(at, "A Choice rule needs exactly one comparison operator or one of And, Or, Not; "
                    + (operators.isEmpty() ? "this one has none." : "this one has " + Fields.list(operators) + "."));
            return;
        }
        String operator = operators.get(0);
        if (BOOLEAN_OPERATORS.contains(operator)) {
            booleanRule(state, at, rule, operator);
        } else {
            comparison(report, at, rule, operator);
        }
    }

    /** A JSONata rule: a Condition expression, Next, and optionally Assign and Output, each compiled. */
    private static void jsonataRule(StateContext state, Pointer at, JsonNode rule) {
        if (!rule.isObject()) {
            state.report().error(at, "A Choice rule must be an object, but is " + Fields.describe(rule) + ".");
            return;
        }
        for (Iterator<String> it = rule.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!List.of("Condition", "Next", "Comment", "Assign", "Output").contains(field)) {
                state.report().error(at.child(field), "Field " + field + " is not allowed in a JSONata Choice rule; a rule"
                        + " has Condition, Next and optionally Comment, Assign and Output.");
            }
        }
        JsonNode condition = rule.get("Condition");
        if (condition == null) {
            state.report().error(at, "A JSONata Choice rule needs Condition, an expression such as {% $states.input.n > 1 %}.");
        } else if (!Fields.isExpression(condition) && !condition.isBoolean()) {
            state.report().error(at.child("Condition"), "Condition must be a JSONata expression such as"
                    + " {% $states.input.n > 1 %} (or true or false), but is " + Fields.describe(condition) + ".");
        } else {
            QueryRules.expressions(state.report(), at.child("Condition"), "Condition", condition);
        }
        if (rule.has("Assign")) {
            QueryRules.assign(state, at.child("Assign"), rule.get("Assign"));
        }
        if (rule.has("Output")) {
            QueryRules.expressions(state.report(), at.child("Output"), "Output", rule.get("Output"));
        }
        transition(state, at, rule, true);
    }

    private static void transition(StateContext state, Pointer at, JsonNode rule, boolean topLevel) {
        if (topLevel && !rule.has("Next")) {
            state.report().error(at, "A top-level Choice rule needs Next, naming the state to go to when it matches.");
        } else if (!topLevel && rule.has("Next")) {
            state.report().error(at.child("Next"), "Next is only allowed on top-level Choice rules; a rule inside And, Or"
                    + " or Not is only a condition.");
        } else if (topLevel) {
            state.machine().checkTarget(state.report(), at.child("Next"), "Next", rule.get("Next"));
        }
    }

    private static void booleanRule(StateContext state, Pointer at, JsonNode rule, String operator) {
        if (rule.has("Variable")) {
            state.report().error(at.child("Variable"), "Variable is not used with " + operator
                    + "; put it in each rule inside " + operator + ".");
        }
        JsonNode inner = rule.get(operator);
        Pointer here = at.child(operator);
        if (operator.equals("Not")) {
            if (Fields.object(state.report(), here, "Not", inner)) {
                rule(state, here, inner, false);
            }
        } else if (Fields.nonEmptyArray(state.report(), here, operator, inner, "rules")) {
            for (int i = 0; i < inner.size(); i++) {
                rule(state, here.child(i), inner.get(i), false);
            }
        }
    }

    private static void comparison(Report report, Pointer at, JsonNode rule, String operator) {
        JsonNode variable = rule.get("Variable");
        if (variable == null) {
            report.error(at, "A Choice rule with " + operator + " needs Variable, the path of the value to compare, such as '$.status'.");
        } else {
            path(report, at.child("Variable"), "Variable", variable);
        }
        Operand operand = COMPARISONS.get(operator);
        JsonNode value = rule.get(operator);
        Pointer here = at.child(operator);
        boolean ok = switch (operand) {
            case STRING -> value.isTextual();
            case NUMBER -> value.isNumber();
            case BOOLEAN -> value.isBoolean();
            case TIMESTAMP -> value.isTextual() && Timestamps.isValid(value.asText());
            case PATH -> value.isTextual();
        };
        if (!ok) {
            report.error(here, operator + " must be " + operand.expected + ", but is " + Fields.describe(value) + ".");
        } else if (operand == Operand.PATH) {
            path(report, here, operator, value);
        }
    }

    private static void path(Report report, Pointer at, String field, JsonNode value) {
        if (!value.isTextual()) {
            report.error(at, field + " must be a path such as '$.status', but is " + Fields.describe(value) + ".");
            return;
        }
        try {
            DataPath.parse(value.asText());
        } catch (PathSyntaxException e) {
            report.error(at, field + " must be a path such as '$.status': " + PathRules.reason(e, value));
        }
    }
}
