package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every comparison operator, with an operand of the right type and one of a wrong type. */
class ChoiceOperatorsTest {

    static Stream<Arguments> operators() {
        List<Arguments> all = new ArrayList<>();
        List<String> tests = List.of("Equals", "LessThan", "GreaterThan", "LessThanEquals", "GreaterThanEquals");
        for (String test : tests) {
            all.add(Arguments.of("String" + test, "\"abc\"", "1"));
            all.add(Arguments.of("Numeric" + test, "1.5", "\"1.5\""));
            all.add(Arguments.of("Timestamp" + test, "\"2026-11-29T06:00:00Z\"", "\"2026-11-29\""));
            for (String family : List.of("String", "Numeric", "Timestamp")) {
                all.add(Arguments.of(family + test + "Path", "\"$.other\"", "\"other\""));
            }
        }
        all.add(Arguments.of("StringMatches", "\"log-*.txt\"", "true"));
        all.add(Arguments.of("BooleanEquals", "false", "\"false\""));
        all.add(Arguments.of("BooleanEqualsPath", "\"$$.Execution.Input.flag\"", "true"));
        for (String test : List.of("IsNull", "IsPresent", "IsNumeric", "IsString", "IsBoolean", "IsTimestamp")) {
            all.add(Arguments.of(test, "true", "\"yes\""));
        }
        return all.stream();
    }

    private static JsonNode definition(String operator, String operand) {
        JsonNode definition = Json.parse("""
                {"StartAt": "C", "States": {
                  "C": {"Type": "Choice", "Choices": [{"Variable": "$.value", "Next": "Yes"}], "Default": "No"},
                  "Yes": {"Type": "Succeed"}, "No": {"Type": "Succeed"}}}
                """);
        ((ObjectNode) definition.at("/States/C/Choices/0")).set(operator, Json.parse(operand));
        return definition;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operators")
    void acceptsTheRightOperand(String operator, String right, String wrong) {
        assertThat(DefinitionValidator.validate(definition(operator, right))).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operators")
    void rejectsAWrongOperandAtTheOperator(String operator, String right, String wrong) {
        assertThat(DefinitionValidator.validate(definition(operator, wrong))).singleElement().satisfies(p -> {
            assertThat(p.pointer()).isEqualTo("/States/C/Choices/0/" + operator);
            assertThat(p.message()).startsWith(operator + " must be");
        });
    }
}
