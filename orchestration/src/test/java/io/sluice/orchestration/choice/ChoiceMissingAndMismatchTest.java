package io.sluice.orchestration.choice;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import io.sluice.orchestration.error.AslException;

import static io.sluice.orchestration.choice.Rules.input;
import static io.sluice.orchestration.choice.Rules.matches;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** A value of the wrong type makes a rule false; a Variable that names nothing fails a comparison with States.Runtime, as in Step Functions. */
class ChoiceMissingAndMismatchTest {

    /** A well-formed rule for every operator, with a value of the operator's own type as operand. */
    static Stream<Arguments> everyOperator() {
        return ChoiceRules.operatorNames().stream().map(op -> Arguments.of(op, operandFor(op)));
    }

    private static String operandFor(String operator) {
        if (operator.endsWith("Path")) {
            return "\"$.w\"";
        }
        if (operator.startsWith("Is") || operator.startsWith("Boolean")) {
            return "true";
        }
        if (operator.startsWith("Numeric")) {
            return "1";
        }
        if (operator.startsWith("Timestamp")) {
            return "\"2020-01-01T00:00:00Z\"";
        }
        return "\"*\"";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyOperator")
    void missingVariableFailsAComparisonWithStatesRuntimeButIsFalseForTypeTests(String operator, String operand) {
        String rule = "{\"Variable\": \"$.absent\", \"" + operator + "\": " + operand + "}";
        String input = "{\"w\": true}";
        if (operator.startsWith("Is")) {
            assertThat(matches(rule, input)).isFalse();
            assertThat(matches(rule.replace("$.absent", "$.w.deeper"), input)).isFalse();
            return;
        }
        // As in Step Functions: a comparison on a Variable that names nothing is a runtime error.
        for (String in : new String[] {input, "{}"}) {
            assertThatThrownBy(() -> matches(rule, in))
                    .isInstanceOfSatisfying(AslException.class, e -> {
                        assertThat(e.error()).isEqualTo("States.Runtime");
                        assertThat(e.cause()).contains("$.absent").contains("IsPresent");
                    });
        }
        // A path through a non-object also names nothing.
        assertThatThrownBy(() -> matches(rule.replace("$.absent", "$.w.deeper"), input)).isInstanceOf(AslException.class);
    }

    @Test
    void isPresentFalseMatchesAMissingVariable() {
        assertThat(matches("{\"Variable\": \"$.absent\", \"IsPresent\": false}", "{}")).isTrue();
        assertThat(matches("{\"Variable\": \"$$.Execution.Nope\", \"IsPresent\": false}", "{}")).isTrue();
        assertThat(matches("{\"Variable\": \"$$.Execution.Id\", \"IsPresent\": true}", "{}")).isTrue();
    }

    @ParameterizedTest(name = "IsNull {0} on a missing variable is false")
    @CsvSource({"true", "false"})
    void isNullIsFalseForAMissingVariableWhicheverWayItIsAsked(boolean expected) {
        assertThat(matches("{\"Variable\": \"$.absent\", \"IsNull\": " + expected + "}", "{}")).isFalse();
    }

    @Test
    void indefinitePathThatMatchesNothingIsNotPresent() {
        String input = "{\"items\": [{\"n\": 1}, {\"n\": 5}]}";
        assertThat(matches("{\"Variable\": \"$.items[?(@.n > 9)]\", \"IsPresent\": false}", input)).isTrue();
        assertThat(matches("{\"Variable\": \"$.items[?(@.n > 3)]\", \"IsPresent\": true}", input)).isTrue();
        // What it selects is an array, which no scalar comparison accepts.
        assertThat(matches("{\"Variable\": \"$.items[?(@.n > 3)].n\", \"NumericEquals\": 5}", input)).isFalse();
    }

    /** OPERATOR with OPERAND against a VALUE of another type. */
    @ParameterizedTest(name = "{0} {1} vs {2}")
    @CsvSource(delimiter = '|', textBlock = """
            StringEquals             | "1"                    | 1
            StringEquals             | "true"                 | true
            StringEquals             | "null"                 | null
            StringEquals             | "[]"                   | []
            StringLessThan           | "b"                    | 1
            StringGreaterThanEquals  | "a"                    | {}
            StringMatches            | "*"                    | 1
            StringMatches            | "*"                    | null
            NumericEquals            | 1                      | "1"
            NumericEquals            | 0                      | false
            NumericEquals            | 0                      | null
            NumericLessThan          | 5                      | "1"
            NumericGreaterThanEquals | 0                      | [1]
            BooleanEquals            | true                   | "true"
            BooleanEquals            | false                  | 0
            BooleanEquals            | false                  | null
            TimestampEquals          | "2020-01-01T00:00:00Z" | "2020-01-01"
            TimestampEquals          | "2020-01-01T00:00:00Z" | 1577836800
            TimestampLessThan        | "2020-01-01T00:00:00Z" | "1999-01-01 00:00:00Z"
            TimestampGreaterThan     | "2020-01-01T00:00:00Z" | null
            """)
    void valueOfAnotherTypeIsFalse(String operator, String operand, String value) {
        assertThat(matches(Rules.rule(operator, operand), input(value))).isFalse();
    }

    @Test
    void mismatchUnderNotIsTrue() {
        // Type mismatch is "false", not "error", so Not turns it into a match.
        assertThat(matches("{\"Not\": {\"Variable\": \"$.v\", \"NumericEquals\": 1}}", input("\"1\""))).isTrue();
    }
}
