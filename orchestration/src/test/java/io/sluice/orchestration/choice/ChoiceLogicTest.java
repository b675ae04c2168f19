package io.sluice.orchestration.choice;

import static io.sluice.orchestration.choice.Rules.matches;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChoiceLogicTest {
    private static final String ORDER_RULE = """
            {"And": [
              {"Variable": "$.order.total", "NumericGreaterThanEquals": 100},
              {"Or": [
                {"Variable": "$.order.country", "StringEquals": "NZ"},
                {"Variable": "$.order.country", "StringEquals": "AU"}
              ]},
              {"Or": [
                {"Not": {"Variable": "$.order.flagged", "IsPresent": true}},
                {"Not": {"Variable": "$.order.flagged", "BooleanEquals": true}}
              ]}
            ]}""";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"order": {"total": 150, "country": "NZ", "flagged": false}} | true
            {"order": {"total": 100, "country": "AU"}}                  | true
            {"order": {"total": 99.99, "country": "NZ"}}                | false
            {"order": {"total": 150, "country": "US"}}                  | false
            {"order": {"total": 150, "country": "AU", "flagged": true}} | false
            {"order": {"total": "150", "country": "AU"}}                | false
            {"order": {"total": 5}}                                     | false
            """)
    void nestedAndOrNot(String input, boolean expected) {
        assertThat(matches(ORDER_RULE, input)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "And({0}, {1}) = {2}, Or = {3}")
    @CsvSource({
        "true,  true,  true,  true",
        "true,  false, false, true",
        "false, true,  false, true",
        "false, false, false, false",
    })
    void truthTables(boolean a, boolean b, boolean and, boolean or) {
        String pair = "[{\"Variable\": \"$.a\", \"BooleanEquals\": true}, {\"Variable\": \"$.b\", \"BooleanEquals\": true}]";
        String input = "{\"a\": " + a + ", \"b\": " + b + "}";
        assertThat(matches("{\"And\": " + pair + "}", input)).isEqualTo(and);
        assertThat(matches("{\"Or\": " + pair + "}", input)).isEqualTo(or);
        assertThat(matches("{\"Not\": {\"And\": " + pair + "}}", input)).isEqualTo(!and);
    }

    @Test
    void singleRuleAndOr() {
        String one = "[{\"Variable\": \"$.a\", \"IsPresent\": true}]";
        assertThat(matches("{\"And\": " + one + "}", "{\"a\": 1}")).isTrue();
        assertThat(matches("{\"Or\": " + one + "}", "{}")).isFalse();
    }

    @Test
    void doubleNegation() {
        String rule = "{\"Not\": {\"Not\": {\"Variable\": \"$.a\", \"StringEquals\": \"x\"}}}";
        assertThat(matches(rule, "{\"a\": \"x\"}")).isTrue();
        assertThat(matches(rule, "{\"a\": \"y\"}")).isFalse();
    }

    @Test
    void guardingAComparisonWithIsPresent() {
        String rule = """
                {"And": [
                  {"Variable": "$.maybe", "IsPresent": true},
                  {"Variable": "$.maybe", "StringEquals": "foo"}
                ]}""";
        assertThat(matches(rule, "{\"maybe\": \"foo\"}")).isTrue();
        assertThat(matches(rule, "{}")).isFalse();
    }

    @Test
    void notOfAMissingVariableComparisonMatchesWhenGuardedByIsPresent() {
        String rule = """
                {"Or": [{"Not": {"Variable": "$.absent", "IsPresent": true}},
                        {"Not": {"Variable": "$.absent", "StringEquals": "x"}}]}""";
        assertThat(matches(rule, "{}")).isTrue();
        assertThat(matches(rule, "{\"absent\": \"x\"}")).isFalse();
    }
}
