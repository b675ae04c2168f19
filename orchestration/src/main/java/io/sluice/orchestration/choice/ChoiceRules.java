package io.sluice.orchestration.choice;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.DataPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compiles Choice rules from their JSON form. Paths are compiled and literal operands checked here,
 * once, so that evaluating a rule cannot fail.
 */
public final class ChoiceRules {
    private static final String VARIABLE = "Variable";
    private static final String STRING_MATCHES = "StringMatches";
    private static final Set<String> LOGICAL = Set.of("And", "Or", "Not");
    /** Fields a Choices entry may carry beside its rule; they belong to the Choice state, not to the rule. */
    private static final Set<String> ENTRY_FIELDS = Set.of("Next", "Assign");

    private record ComparisonOperator(ValueType type, Relation relation, boolean path) {}

    private static final Map<String, ComparisonOperator> COMPARISONS = comparisons();
    private static final Map<String, ChoiceRule.ValueTest.Kind> TESTS = tests();
    private static final Set<String> OPERATOR_NAMES = operatorNamesOnce();

    private ChoiceRules() {}

    /**
     * Every comparison operator name, {@code StringEquals} to {@code IsTimestamp}, including the
     * {@code ...Path} variants. {@code And}, {@code Or} and {@code Not} are not in it. There is no
     * {@code StringMatchesPath}, as in Step Functions.
     */
    public static Set<String> operatorNames() {
        return OPERATOR_NAMES;
    }

    /**
     * Compiles one rule: a top-level Choices entry (its {@code Next}, {@code Assign} and
     * {@code Comment} are ignored) or a rule nested in {@code And}, {@code Or} or {@code Not}.
     *
     * @throws IllegalArgumentException when the rule cannot be used: no operator or more than one,
     *     an operand of the wrong type, a path that does not parse, an unknown field
     */
    public static ChoiceRule parse(JsonNode rule) {
        return parse(rule, true);
    }

    private static ChoiceRule parse(JsonNode rule, boolean topLevel) {
        if (rule == null || !rule.isObject()) {
            throw new IllegalArgumentException("A choice rule must be a JSON object, but found " + Json.typeName(rule) + ".");
        }
        String operator = operatorOf(rule, topLevel);
        JsonNode operand = rule.get(operator);
        if (LOGICAL.contains(operator)) {
            if (rule.has(VARIABLE)) {
                throw new IllegalArgumentException(operator + " combines other rules and cannot have a Variable; "
                        + "put the Variable in the rules inside " + operator + ".");
            }
            return operator.equals("Not") ? new ChoiceRule.Not(nested(operator, operand))
                    : logical(operator, operand);
        }
        DataPath variable = variable(rule, operator);
        if (operator.equals(STRING_MATCHES)) {
            requireOperand(operator, operand, operand.isTextual(), "a string pattern");
            return new ChoiceRule.StringMatch(variable, WildcardPattern.compile(operand.textValue()));
        }
        ChoiceRule.ValueTest.Kind test = TESTS.get(operator);
        if (test != null) {
            requireOperand(operator, operand, operand.isBoolean(), "true or false");
            return new ChoiceRule.ValueTest(variable, test, operand.booleanValue());
        }
        ComparisonOperator comparison = COMPARISONS.get(operator);
        return new ChoiceRule.Comparison(variable, comparison.type(), comparison.relation(),
                comparisonOperand(operator, comparison, operand));
    }

    /** The one operator field of {@code rule}, after checking that every other field belongs there. */
    private static String operatorOf(JsonNode rule, boolean topLevel) {
        List<String> operators = new ArrayList<>();
        for (String field : (Iterable<String>) rule::fieldNames) {
            if (OPERATOR_NAMES.contains(field) || LOGICAL.contains(field)) {
                operators.add(field);
            } else if (ENTRY_FIELDS.contains(field)) {
                if (!topLevel) {
                    throw new IllegalArgumentException("A rule inside And, Or or Not cannot have " + field
                            + "; only a top-level Choices entry can.");
                }
            } else if (!field.equals(VARIABLE) && !field.equals("Comment")) {
                throw new IllegalArgumentException("A choice rule cannot have the field '" + field
                        + "'; it takes a Variable and one comparison operator, or one of And, Or and Not.");
            }
        }
        if (operators.isEmpty()) {
            throw new IllegalArgumentException("A choice rule needs an operator: And, Or, Not, "
                    + "or a comparison such as StringEquals or NumericLessThan, but none was found.");
        }
        if (operators.size() > 1) {
            throw new IllegalArgumentException("A choice rule has exactly one operator, but found "
                    + String.join(", ", operators) + "; combine them with And or Or.");
        }
        return operators.getFirst();
    }

    private static ChoiceRule logical(String operator, JsonNode operand) {
        if (!operand.isArray() || operand.isEmpty()) {
            throw new IllegalArgumentException(operator + " takes a non-empty array of rules, but found "
                    + (operand.isArray() ? "an empty array" : Json.typeName(operand)) + ".");
        }
        List<ChoiceRule> rules = new ArrayList<>(operand.size());
        for (JsonNode element : operand) {
            rules.add(nested(operator, element));
        }
        return operator.equals("And") ? new ChoiceRule.And(rules) : new ChoiceRule.Or(rules);
    }

    private static ChoiceRule nested(String operator, JsonNode element) {
        if (!element.isObject()) {
            throw new IllegalArgumentException("A rule inside " + operator + " must be a JSON object, but found "
                    + Json.typeName(element) + ".");
        }
        return parse(element, false);
    }

    private static DataPath variable(JsonNode rule, String operator) {
        JsonNode variable = rule.get(VARIABLE);
        if (variable == null) {
            throw new IllegalArgumentException(operator + " needs a Variable: the path of the value to test.");
        }
        if (!variable.isTextual() || !DataPath.isPathText(variable.textValue())) {
            throw new IllegalArgumentException("The Variable of " + operator
                    + " must be a path starting with '$', but found " + Json.write(variable) + ".");
        }
        return path(operator, "Variable", variable.textValue());
    }

    private static Operand comparisonOperand(String operator, ComparisonOperator comparison, JsonNode operand) {
        if (comparison.path()) {
            requireOperand(operator, operand, operand.isTextual() && DataPath.isPathText(operand.textValue()),
                    "a path starting with '$'");
            return new Operand.Reference(path(operator, "path", operand.textValue()));
        }
        String expected = switch (comparison.type()) {
            case STRING -> "a string";
            case NUMERIC -> "a number";
            case BOOLEAN -> "true or false";
            case TIMESTAMP -> "an RFC 3339 timestamp such as \"2016-03-14T01:59:00Z\"";
        };
        requireOperand(operator, operand, comparison.type().accepts(operand), expected);
        return new Operand.Literal(operand);
    }

    private static DataPath path(String operator, String field, String text) {
        try {
            return DataPath.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The " + field + " of " + operator + " is not usable: "
                    + e.getMessage(), e);
        }
    }

    private static void requireOperand(String operator, JsonNode operand, boolean ok, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(operator + " takes " + expected + ", but found "
                    + Json.write(operand) + ".");
        }
    }

    private static Map<String, ComparisonOperator> comparisons() {
        Map<String, ComparisonOperator> operators = new LinkedHashMap<>();
        for (ValueType type : ValueType.values()) {
            for (Relation relation : Relation.values()) {
                if (type.supports(relation)) {
                    String name = type.prefix() + relation.suffix();
                    operators.put(name, new ComparisonOperator(type, relation, false));
                    operators.put(name + "Path", new ComparisonOperator(type, relation, true));
                }
            }
        }
        return Collections.unmodifiableMap(operators);
    }

    private static Map<String, ChoiceRule.ValueTest.Kind> tests() {
        Map<String, ChoiceRule.ValueTest.Kind> tests = new LinkedHashMap<>();
        for (ChoiceRule.ValueTest.Kind kind : ChoiceRule.ValueTest.Kind.values()) {
            tests.put(kind.operator(), kind);
        }
        return Collections.unmodifiableMap(tests);
    }

    private static Set<String> operatorNamesOnce() {
        List<String> names = new ArrayList<>(COMPARISONS.keySet());
        names.add(STRING_MATCHES);
        names.addAll(TESTS.keySet());
        return Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }
}
