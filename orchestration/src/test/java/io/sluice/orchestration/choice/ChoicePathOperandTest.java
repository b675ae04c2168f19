package io.sluice.orchestration.choice;

import static io.sluice.orchestration.choice.Rules.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ...Path operators, whose operand is a path into the input ($) or the context object ($$). */
class ChoicePathOperandTest {

    /** {"Variable": "$.v", OPERATOR: "$.w"} against {"v": LEFT, "w": RIGHT}. */
    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            StringEqualsPath               | "a"   | "a"   | true
            StringEqualsPath               | "a"   | "b"   | false
            StringLessThanPath             | "a"   | "b"   | true
            StringLessThanPath             | "b"   | "a"   | false
            StringGreaterThanPath          | "b"   | "a"   | true
            StringGreaterThanPath          | "a"   | "a"   | false
            StringLessThanEqualsPath       | "a"   | "a"   | true
            StringLessThanEqualsPath       | "b"   | "a"   | false
            StringGreaterThanEqualsPath    | "a"   | "a"   | true
            StringGreaterThanEqualsPath    | "a"   | "b"   | false
            NumericEqualsPath              | 2     | 2.0   | true
            NumericEqualsPath              | 2     | 3     | false
            NumericLessThanPath            | 2     | 3     | true
            NumericLessThanPath            | 3     | 3     | false
            NumericGreaterThanPath         | 4     | 3     | true
            NumericGreaterThanPath         | 3     | 3     | false
            NumericLessThanEqualsPath      | 3     | 3     | true
            NumericLessThanEqualsPath      | 4     | 3     | false
            NumericGreaterThanEqualsPath   | 3     | 3     | true
            NumericGreaterThanEqualsPath   | 2     | 3     | false
            BooleanEqualsPath              | true  | true  | true
            BooleanEqualsPath              | true  | false | false
            TimestampEqualsPath            | "2020-01-01T00:00:00Z" | "2020-01-01T01:00:00+01:00" | true
            TimestampEqualsPath            | "2020-01-01T00:00:00Z" | "2020-01-01T00:00:00+01:00" | false
            TimestampLessThanPath          | "2020-01-01T00:00:00Z" | "2020-01-01T00:00:01Z"      | true
            TimestampLessThanPath          | "2020-01-01T00:00:01Z" | "2020-01-01T00:00:00Z"      | false
            TimestampGreaterThanPath       | "2020-01-01T00:00:01Z" | "2020-01-01T00:00:00Z"      | true
            TimestampGreaterThanPath       | "2020-01-01T00:00:00Z" | "2020-01-01T00:00:00Z"      | false
            TimestampLessThanEqualsPath    | "2020-01-01T00:00:00Z" | "2020-01-01T00:00:00Z"      | true
            TimestampLessThanEqualsPath    | "2020-01-01T00:00:01Z" | "2020-01-01T00:00:00Z"      | false
            TimestampGreaterThanEqualsPath | "2020-01-01T00:00:00Z" | "2020-01-01T00:00:00Z"      | true
            TimestampGreaterThanEqualsPath | "2019-12-31T23:59:59Z" | "2020-01-01T00:00:00Z"      | false
            """)
    void inputPaths(String operator, String left, String right, boolean expected) {
        String rule = "{\"Variable\": \"$.v\", \"" + operator + "\": \"$.w\"}";
        String input = "{\"v\": " + left + ", \"w\": " + right + "}";
        assertThat(matches(rule, input)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            NumericLessThanPath           | 9  | true
            NumericLessThanPath           | 10 | false
            NumericGreaterThanEqualsPath  | 10 | true
            NumericEqualsPath             | 11 | false
            """)
    void contextPathOperand(String operator, String value, boolean expected) {
        String rule = "{\"Variable\": \"$.v\", \"" + operator + "\": \"$$.Execution.Limit\"}";
        assertThat(matches(rule, "{\"v\": " + value + "}")).isEqualTo(expected);
    }

    @Test
    void variableMayReadTheContextObject() {
        String rule = """
                {"Variable": "$$.State.Name", "StringEqualsPath": "$.expected"}""";
        assertThat(matches(rule, "{\"expected\": \"Route\"}")).isTrue();
        assertThat(matches(rule, "{\"expected\": \"Other\"}")).isFalse();
        assertThat(matches("""
                {"Variable": "$$.Execution.StartTime", "TimestampLessThan": "2024-05-01T10:00:01Z"}""", "{}")).isTrue();
    }

    @Test
    void bothSidesMayBeTheContextObject() {
        String rule = """
                {"Variable": "$$.State.RetryCount", "NumericLessThanPath": "$$.Execution.Limit"}""";
        assertThat(matches(rule, "{}")).isTrue();
    }

    @Test
    void operandPathThatSelectsNothingIsFalse() {
        assertThat(matches("{\"Variable\": \"$.v\", \"NumericEqualsPath\": \"$.missing\"}", "{\"v\": 1}")).isFalse();
        assertThat(matches("{\"Variable\": \"$.v\", \"StringEqualsPath\": \"$$.Execution.Nope\"}", "{\"v\": \"x\"}"))
                .isFalse();
        assertThat(matches("{\"Variable\": \"$.v\", \"NumericLessThanPath\": \"$.a.b.c\"}", "{\"v\": 1, \"a\": 5}"))
                .isFalse();
    }

    @Test
    void operandPathToAValueOfAnotherTypeIsFalse() {
        assertThat(matches("{\"Variable\": \"$.v\", \"NumericEqualsPath\": \"$.w\"}", "{\"v\": 1, \"w\": \"1\"}"))
                .isFalse();
        assertThat(matches("{\"Variable\": \"$.v\", \"StringEqualsPath\": \"$.w\"}", "{\"v\": \"x\", \"w\": null}"))
                .isFalse();
        assertThat(matches("{\"Variable\": \"$.v\", \"TimestampEqualsPath\": \"$.w\"}",
                "{\"v\": \"2020-01-01T00:00:00Z\", \"w\": \"not a time\"}")).isFalse();
    }

    @Test
    void pathsMayUseBracketsAndIndexes() {
        String rule = "{\"Variable\": \"$.items[1]['the name']\", \"StringEqualsPath\": \"$.wanted\"}";
        String input = "{\"items\": [{}, {\"the name\": \"b\"}], \"wanted\": \"b\"}";
        assertThat(matches(rule, input)).isTrue();
    }
}
