package io.sluice.orchestration.choice;

import static io.sluice.orchestration.choice.Rules.input;
import static io.sluice.orchestration.choice.Rules.matches;
import static io.sluice.orchestration.choice.Rules.rule;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every comparison operator with a literal operand: {"Variable": "$.v", OPERATOR: OPERAND} against {"v": VALUE}. */
class ChoiceComparisonTest {

    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            StringEquals               | "abc"   | "abc"   | true
            StringEquals               | "abc"   | "abd"   | false
            StringEquals               | "abc"   | "ABC"   | false
            StringEquals               | ""      | ""      | true
            StringLessThan             | "abd"   | "abc"   | true
            StringLessThan             | "abc"   | "abc"   | false
            StringLessThan             | "abc"   | "abd"   | false
            StringLessThan             | "abc"   | "ab"    | true
            StringLessThan             | "a"     | "B"     | true
            StringLessThan             | "B"     | "a"     | false
            StringGreaterThan          | "abc"   | "abd"   | true
            StringGreaterThan          | "abc"   | "abc"   | false
            StringGreaterThan          | "abd"   | "abc"   | false
            StringLessThanEquals       | "abc"   | "abc"   | true
            StringLessThanEquals       | "abd"   | "abc"   | true
            StringLessThanEquals       | "abc"   | "abd"   | false
            StringGreaterThanEquals    | "abc"   | "abc"   | true
            StringGreaterThanEquals    | "abc"   | "abd"   | true
            StringGreaterThanEquals    | "abd"   | "abc"   | false
            """)
    void strings(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            StringLessThan    | "\\uFFFF"       | "\\uD83D\\uDE00" | false
            StringGreaterThan | "\\uFFFF"       | "\\uD83D\\uDE00" | true
            StringLessThan    | "\\uD83D\\uDE00" | "\\uFFFF"       | true
            StringEquals      | "\\uD83D\\uDE00" | "\\uD83D\\uDE00" | true
            """)
    void stringsCompareByCodePointNotByUtf16Unit(String operator, String operand, String value, boolean expected) {
        // U+1F600 is above U+FFFF by code point, below it by UTF-16 unit (0xD83D < 0xFFFF).
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            NumericEquals              | 1       | 1       | true
            NumericEquals              | 1       | 1.0     | true
            NumericEquals              | 1.0     | 1       | true
            NumericEquals              | 100     | 1e2     | true
            NumericEquals              | 1       | 2       | false
            NumericEquals              | 0.1     | 0.10000 | true
            NumericEquals              | 12345678901234567890 | 12345678901234567891 | false
            NumericLessThan            | 10      | 9.999   | true
            NumericLessThan            | 10      | 10      | false
            NumericLessThan            | 10      | 11      | false
            NumericLessThan            | 0       | -1      | true
            NumericGreaterThan         | 10      | 10.5    | true
            NumericGreaterThan         | 10      | 10.0    | false
            NumericGreaterThan         | 10      | 9       | false
            NumericLessThanEquals      | 10      | 10.0    | true
            NumericLessThanEquals      | 10      | 9       | true
            NumericLessThanEquals      | 10      | 10.01   | false
            NumericGreaterThanEquals   | 10      | 10      | true
            NumericGreaterThanEquals   | 10      | 11      | true
            NumericGreaterThanEquals   | 10      | 9.99    | false
            """)
    void numbers(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            BooleanEquals | true  | true  | true
            BooleanEquals | false | false | true
            BooleanEquals | true  | false | false
            BooleanEquals | false | true  | false
            """)
    void booleans(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{1} {0} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            TimestampEquals            | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00Z"      | true
            TimestampEquals            | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:01Z"      | false
            TimestampLessThan          | "2016-03-14T01:59:00Z" | "2016-03-14T01:58:59Z"      | true
            TimestampLessThan          | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00Z"      | false
            TimestampLessThan          | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00.001Z"  | false
            TimestampGreaterThan       | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00.001Z"  | true
            TimestampGreaterThan       | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00Z"      | false
            TimestampGreaterThan       | "2016-03-14T01:59:00Z" | "2015-12-31T23:59:59Z"      | false
            TimestampLessThanEquals    | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00Z"      | true
            TimestampLessThanEquals    | "2016-03-14T01:59:00Z" | "2016-03-14T01:00:00Z"      | true
            TimestampLessThanEquals    | "2016-03-14T01:59:00Z" | "2016-03-14T02:00:00Z"      | false
            TimestampGreaterThanEquals | "2016-03-14T01:59:00Z" | "2016-03-14T01:59:00Z"      | true
            TimestampGreaterThanEquals | "2016-03-14T01:59:00Z" | "2017-01-01T00:00:00Z"      | true
            TimestampGreaterThanEquals | "2016-03-14T01:59:00Z" | "2016-03-14T01:58:00Z"      | false
            """)
    void timestamps(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{2} matches {1} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            StringMatches | "log-*.txt" | "log-2024.txt" | true
            StringMatches | "log-*.txt" | "log-.txt"     | true
            StringMatches | "log-*.txt" | "log-2024.csv" | false
            StringMatches | "*"         | ""             | true
            StringMatches | "abc"       | "abc"          | true
            StringMatches | "abc"       | "abcd"         | false
            """)
    void stringMatches(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: {1} on {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            IsPresent   | true  | 1                      | true
            IsPresent   | false | 1                      | false
            IsPresent   | true  | null                   | true
            IsNull      | true  | null                   | true
            IsNull      | true  | 0                      | false
            IsNull      | false | "null"                 | true
            IsNull      | false | null                   | false
            IsNumeric   | true  | 3.5                    | true
            IsNumeric   | true  | "3.5"                  | false
            IsNumeric   | false | "3.5"                  | true
            IsNumeric   | false | 3                      | false
            IsString    | true  | "x"                    | true
            IsString    | true  | 1                      | false
            IsString    | false | []                     | true
            IsString    | false | ""                     | false
            IsBoolean   | true  | false                  | true
            IsBoolean   | true  | "true"                 | false
            IsBoolean   | false | 0                      | true
            IsBoolean   | false | true                   | false
            IsTimestamp | true  | "2016-03-14T01:59:00Z" | true
            IsTimestamp | true  | "2016-03-14"           | false
            IsTimestamp | true  | 1457920740             | false
            IsTimestamp | false | "yesterday"            | true
            IsTimestamp | false | "2016-03-14T01:59:00Z" | false
            """)
    void valueTests(String operator, String operand, String value, boolean expected) {
        assertThat(matches(rule(operator, operand), input(value))).isEqualTo(expected);
    }
}
