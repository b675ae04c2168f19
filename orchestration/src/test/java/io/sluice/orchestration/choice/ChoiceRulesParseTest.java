package io.sluice.orchestration.choice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.sluice.orchestration.path.DataPath;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChoiceRulesParseTest {

    @Test
    void comparisonWithLiteral() {
        ChoiceRule rule = Rules.parse("{\"Variable\": \"$.n\", \"NumericLessThanEquals\": 5, \"Next\": \"Small\"}");
        assertThat(rule).isInstanceOfSatisfying(ChoiceRule.Comparison.class, c -> {
            assertThat(c.variable().text()).isEqualTo("$.n");
            assertThat(c.type()).isEqualTo(ValueType.NUMERIC);
            assertThat(c.relation()).isEqualTo(Relation.LESS_THAN_EQUALS);
            assertThat(c.operand()).isInstanceOf(Operand.Literal.class);
            assertThat(c.operator()).isEqualTo("NumericLessThanEquals");
        });
    }

    @Test
    void comparisonWithContextPath() {
        ChoiceRule rule = Rules.parse("{\"Variable\": \"$.t\", \"TimestampGreaterThanPath\": \"$$.Execution.StartTime\"}");
        assertThat(rule).isInstanceOfSatisfying(ChoiceRule.Comparison.class, c -> {
            assertThat(c.operand()).isInstanceOfSatisfying(Operand.Reference.class,
                    r -> assertThat(r.path().context()).isTrue());
            assertThat(c.operator()).isEqualTo("TimestampGreaterThanPath");
        });
    }

    @Test
    void logicalRules() {
        ChoiceRule rule = Rules.parse("""
                {"Or": [
                  {"Not": {"Variable": "$.a", "IsNull": true}},
                  {"And": [{"Variable": "$.b", "StringMatches": "x*", "Comment": "why"}]}
                ], "Comment": "top", "Next": "Somewhere"}""");
        ChoiceRule expected = new ChoiceRule.Or(List.of(
                new ChoiceRule.Not(new ChoiceRule.ValueTest(DataPath.parse("$.a"), ChoiceRule.ValueTest.Kind.IS_NULL, true)),
                new ChoiceRule.And(List.of(new ChoiceRule.StringMatch(DataPath.parse("$.b"), WildcardPattern.compile("x*"))))));
        assertThat(rule.toString()).isEqualTo(expected.toString());
    }

    @Test
    void operatorNamesListEveryComparisonAndNothingElse() {
        assertThat(ChoiceRules.operatorNames())
                .hasSize(39)
                .contains("StringEquals", "StringEqualsPath", "StringMatches", "NumericGreaterThanEqualsPath",
                        "BooleanEquals", "BooleanEqualsPath", "TimestampLessThanEquals", "TimestampLessThanEqualsPath",
                        "IsNull", "IsPresent", "IsNumeric", "IsString", "IsBoolean", "IsTimestamp")
                .doesNotContain("And", "Or", "Not", "Variable", "StringMatchesPath", "BooleanLessThan",
                        "IsNullPath");
    }

    @Test
    void everyOperatorNameParses() {
        for (String operator : ChoiceRules.operatorNames()) {
            String operand = operator.endsWith("Path") ? "\"$.w\""
                    : operator.startsWith("Is") || operator.startsWith("Boolean") ? "false"
                    : operator.startsWith("Numeric") ? "0"
                    : operator.startsWith("Timestamp") ? "\"2020-01-01T00:00:00Z\"" : "\"x\"";
            assertThat(Rules.parse(Rules.rule(operator, operand))).as(operator).isNotNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"Variable": "$.a"}                                              | needs an operator
            {"Next": "X"}                                                    | needs an operator
            {"Variable": "$.a", "StringEquals": "x", "StringMatches": "x"}   | exactly one operator, but found StringEquals, StringMatches
            {"And": [], "Or": []}                                            | exactly one operator
            {"Variable": "$.a", "StringEqual": "x"}                          | cannot have the field 'StringEqual'
            {"Variable": "$.a", "StringMatchesPath": "$.b"}                  | cannot have the field 'StringMatchesPath'
            {"Variable": "$.a", "BooleanLessThan": true}                     | cannot have the field 'BooleanLessThan'
            {"StringEquals": "x"}                                            | StringEquals needs a Variable
            {"Variable": 5, "StringEquals": "x"}                             | must be a path starting with '$', but found 5
            {"Variable": "a.b", "StringEquals": "x"}                         | must be a path starting with '$'
            {"Variable": "$.a..", "StringEquals": "x"}                       | The Variable of StringEquals is not usable
            {"Variable": "$.a", "StringEquals": 5}                           | StringEquals takes a string, but found 5
            {"Variable": "$.a", "StringLessThan": null}                      | StringLessThan takes a string, but found null
            {"Variable": "$.a", "NumericEquals": "5"}                        | NumericEquals takes a number, but found "5"
            {"Variable": "$.a", "BooleanEquals": "true"}                     | BooleanEquals takes true or false
            {"Variable": "$.a", "TimestampEquals": "2020-01-01"}             | TimestampEquals takes an RFC 3339 timestamp
            {"Variable": "$.a", "TimestampEquals": 1577836800}               | TimestampEquals takes an RFC 3339 timestamp
            {"Variable": "$.a", "StringMatches": 1}                          | StringMatches takes a string pattern
            {"Variable": "$.a", "StringMatches": "a\\\\d"}                   | escapes neither '*' nor '\\'
            {"Variable": "$.a", "IsNull": "true"}                            | IsNull takes true or false, but found "true"
            {"Variable": "$.a", "IsPresent": 1}                              | IsPresent takes true or false
            {"Variable": "$.a", "NumericEqualsPath": 5}                      | NumericEqualsPath takes a path starting with '$'
            {"Variable": "$.a", "NumericEqualsPath": "limit"}                | NumericEqualsPath takes a path starting with '$'
            {"Variable": "$.a", "StringEqualsPath": "$.b[?("}                | The path of StringEqualsPath is not usable
            {"And": {"Variable": "$.a", "IsNull": true}}                     | And takes a non-empty array of rules, but found object
            {"Or": []}                                                       | Or takes a non-empty array of rules, but found an empty array
            {"And": [1]}                                                     | A rule inside And must be a JSON object, but found number
            {"Not": [{"Variable": "$.a", "IsNull": true}]}                   | A rule inside Not must be a JSON object, but found array
            {"Not": {"Variable": "$.a"}}                                     | needs an operator
            {"Variable": "$.a", "And": [{"Variable": "$.a", "IsNull": true}]}| And combines other rules and cannot have a Variable
            {"And": [{"Variable": "$.a", "IsNull": true, "Next": "X"}]}      | A rule inside And, Or or Not cannot have Next
            {"Not": {"Or": [{"Variable": "$.a", "IsNull": true, "Assign": {}}]}} | cannot have Assign
            """)
    void unusableRulesAreRejectedWithASentence(String rule, String message) {
        assertThatIllegalArgumentException().isThrownBy(() -> Rules.parse(rule)).withMessageContaining(message);
    }

    @Test
    void aRuleMustBeAnObject() {
        assertThatIllegalArgumentException().isThrownBy(() -> Rules.parse("[]"))
                .withMessage("A choice rule must be a JSON object, but found array.");
        assertThatIllegalArgumentException().isThrownBy(() -> ChoiceRules.parse(null))
                .withMessage("A choice rule must be a JSON object, but found nothing.");
    }
}
