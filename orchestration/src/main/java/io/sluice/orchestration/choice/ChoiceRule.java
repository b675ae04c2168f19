package io.sluice.orchestration.choice;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.ValueTemplate;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One rule of a Choice state, compiled from its JSON by {@link ChoiceRules#parse}. Evaluation never
 * fails: a comparison whose Variable names nothing, or a value of the wrong type, is simply false.
 * (Step Functions fails the execution with {@code States.Runtime} when a Variable is missing; Sluice
 * treats it as "no match", so a Default or a later rule decides.)
 */
public sealed interface ChoiceRule {

    /** Whether the rule holds for the given input and context object. */
    boolean matches(Scope scope);

    /**
     * A comparison such as {@code NumericLessThan} or {@code StringEqualsPath}: true only when both
     * the Variable and the operand are values of {@code type} and they stand in {@code relation}.
     */
    record Comparison(DataPath variable, ValueType type, Relation relation, Operand operand) implements ChoiceRule {
        public Comparison {
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(relation, "relation");
            Objects.requireNonNull(operand, "operand");
            if (!type.supports(relation)) {
                throw new IllegalArgumentException(type.prefix() + relation.suffix() + " is not a comparison operator.");
            }
        }

        /** The operator name as written in a definition, e.g. {@code TimestampLessThanEqualsPath}. */
        public String operator() {
            return type.prefix() + relation.suffix() + (operand instanceof Operand.Reference ? "Path" : "");
        }

        @Override
        public boolean matches(Scope scope) {
            JsonNode value = Selections.require(variable, scope);
            JsonNode other = operand.resolve(scope);
            OptionalInt order = type.compare(value, other);
            return order.isPresent() && relation.holds(order.getAsInt());
        }
    }

    /** {@code StringMatches}: the Variable is a string that the wildcard pattern matches as a whole. */
    record StringMatch(DataPath variable, WildcardPattern pattern) implements ChoiceRule {
        public StringMatch {
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(pattern, "pattern");
        }

        @Override
        public boolean matches(Scope scope) {
            JsonNode value = Selections.require(variable, scope);
            return value.isTextual() && pattern.matches(value.textValue());
        }
    }

    /**
     * A test of what the Variable is: {@code IsPresent}, {@code IsNull}, {@code IsString}, ... with
     * {@code expected} the rule's {@code true}/{@code false}. Only {@code IsPresent} can hold for a
     * Variable that names nothing ({@code "IsPresent": false}); every other test is then false,
     * whichever way it is asked, because there is no value to test.
     */
    record ValueTest(DataPath variable, Kind kind, boolean expected) implements ChoiceRule {
        public ValueTest {
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(kind, "kind");
        }

        /** The tests, with their operator names. */
        public enum Kind {
            IS_PRESENT("IsPresent"),
            IS_NULL("IsNull"),
            IS_NUMERIC("IsNumeric"),
            IS_STRING("IsString"),
            IS_BOOLEAN("IsBoolean"),
            IS_TIMESTAMP("IsTimestamp");

            private final String operator;

            Kind(String operator) {
                this.operator = operator;
            }

            public String operator() {
                return operator;
            }

            boolean test(JsonNode value) {
                return switch (this) {
                    case IS_PRESENT -> true;
                    case IS_NULL -> value.isNull();
                    case IS_NUMERIC -> ValueType.NUMERIC.accepts(value);
                    case IS_STRING -> ValueType.STRING.accepts(value);
                    case IS_BOOLEAN -> ValueType.BOOLEAN.accepts(value);
                    case IS_TIMESTAMP -> ValueType.TIMESTAMP.accepts(value);
                };
            }
        }

        @Override
        public boolean matches(Scope scope) {
            JsonNode value = Selections.select(variable, scope);
            if (value == null) {
                return kind == Kind.IS_PRESENT && !expected;
            }
            return kind.test(value) == expected;
        }
    }

    /** True when every rule is; the rules are tried in order and the first false one stops. */
    record And(List<ChoiceRule> rules) implements ChoiceRule {
        public And {
            rules = List.copyOf(rules);
            if (rules.isEmpty()) {
                throw new IllegalArgumentException("And needs at least one rule.");
            }
        }

        @Override
        public boolean matches(Scope scope) {
            for (ChoiceRule rule : rules) {
                if (!rule.matches(scope)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** True when any rule is; the rules are tried in order and the first true one stops. */
    record Or(List<ChoiceRule> rules) implements ChoiceRule {
        public Or {
            rules = List.copyOf(rules);
            if (rules.isEmpty()) {
                throw new IllegalArgumentException("Or needs at least one rule.");
            }
        }

        @Override
        public boolean matches(Scope scope) {
            for (ChoiceRule rule : rules) {
                if (rule.matches(scope)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * A JSONata rule's Condition: an expression that must give true or false; anything else is
     * {@code States.QueryEvaluationError}, as in Step Functions.
     */
    record Condition(String text, ValueTemplate expression) implements ChoiceRule {
        public Condition {
            Objects.requireNonNull(expression, "expression");
        }

        @Override
        public boolean matches(Scope scope) {
            JsonNode value = expression.render(scope);
            if (!value.isBoolean()) {
                throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "The Condition '" + text
                        + "' must give true or false, but gave " + Json.typeName(value) + ".");
            }
            return value.booleanValue();
        }
    }

    /** True when {@code rule} is false. */
    record Not(ChoiceRule rule) implements ChoiceRule {
        public Not {
            Objects.requireNonNull(rule, "rule");
        }

        @Override
        public boolean matches(Scope scope) {
            return !rule.matches(scope);
        }
    }
}
