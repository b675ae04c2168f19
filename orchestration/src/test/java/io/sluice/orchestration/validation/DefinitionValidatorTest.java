package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.Problem.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DefinitionValidatorTest {

    static List<String> validFixtures() {
        return Fixtures.names("valid");
    }

    @ParameterizedTest
    @MethodSource("validFixtures")
    void validDefinitionsHaveNoError(String fixture) {
        List<Problem> problems = DefinitionValidator.validate(Fixtures.definition("valid", fixture));

        assertThat(problems).filteredOn(Problem::isError).isEmpty();
        assertThat(DefinitionValidator.isValid(problems)).isTrue();
    }

    @Test
    void theEveryStateTypeDefinitionHasNoProblemAtAll() {
        assertThat(DefinitionValidator.validate(Fixtures.definition("valid", "every-state-type"))).isEmpty();
    }

    @Test
    void reportsEveryProblemAtOnceInPointerOrder() {
        JsonNode definition = Json.parse("""
                {
                  "StartAt": "Fetch",
                  "Extra": true,
                  "States": {
                    "Fetch": {
                      "Type": "Task",
                      "Resource": "sluice:function:read-config",
                      "Retry": [
                        {"ErrorEquals": ["States.ALL"]}, {"ErrorEquals": []}, {"ErrorEquals": ["A"]}, {"ErrorEquals": ["B"]},
                        {"ErrorEquals": ["C"]}, {"ErrorEquals": ["D"]}, {"ErrorEquals": ["E"]}, {"ErrorEquals": ["F"]},
                        {"ErrorEquals": ["G"]}, {"ErrorEquals": ["H"]}, {"ErrorEquals": ["I"], "BackoffRate": 0}
                      ],
                      "ResultPath": "$.a[*]",
                      "Next": "Lod"
                    },
                    "Wait": {"Type": "Wait", "Next": "Fetch"},
                    "Done": {"Type": "Succeed", "Next": "Fetch"}
                  }
                }
                """);

        List<Problem> problems = DefinitionValidator.validate(definition);

        assertThat(problems).extracting(Problem::pointer).containsExactly(
                "/Extra",
                "/States/Done",
                "/States/Done/Next",
                "/States/Fetch/Next",
                "/States/Fetch/ResultPath",
                "/States/Fetch/Retry/0/ErrorEquals",
                "/States/Fetch/Retry/1/ErrorEquals",
                "/States/Fetch/Retry/10/BackoffRate",
                "/States/Wait",
                "/States/Wait");
        assertThat(problems).filteredOn(p -> p.severity() == Severity.WARNING).extracting(Problem::pointer)
                .containsExactly("/States/Done", "/States/Wait");
        assertThat(DefinitionValidator.isValid(problems)).isFalse();
    }

    @Test
    void isDeterministic() {
        JsonNode definition = Fixtures.definition("invalid", "next-unknown-state");

        assertThat(DefinitionValidator.validate(definition)).isEqualTo(DefinitionValidator.validate(definition));
    }

    @Test
    void aDefinitionThatIsNotAnObjectIsOneProblemAtTheRoot() {
        List<Problem> problems = DefinitionValidator.validate(Json.parse("[1, 2]"));

        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.pointer()).isEmpty();
            assertThat(p.message()).contains("must be a JSON object").contains("an array");
            assertThat(p.isError()).isTrue();
        });
    }

    @Test
    void warningsAloneLeaveADefinitionValid() {
        List<Problem> problems = List.of(new Problem("/States/A", "State 'A' can never run.", Severity.WARNING));

        assertThat(DefinitionValidator.isValid(problems)).isTrue();
        assertThat(DefinitionValidator.isValid(List.of())).isTrue();
    }

    @Test
    void anHttpTasksStatusCodeErrorsAreKnownNamesAndOtherStatesNamesAreWarned() {
        JsonNode definition = Json.parse("""
                {"StartAt": "Call", "States": {"Call": {"Type": "Task", "Resource": "arn:aws:states:::http:invoke", "End": true,
                  "Parameters": {"ApiEndpoint": "https://partner.example/api", "Method": "GET"},
                  "Retry": [{"ErrorEquals": ["States.Http.StatusCode.429", "States.Http.StatusCode.503", "States.Http.StatusCode.42"]}]}}}
                """);

        assertThat(DefinitionValidator.validate(definition)).extracting(Problem::pointer, Problem::severity)
                .containsExactly(tuple("/States/Call/Retry/0/ErrorEquals/2", Severity.WARNING));
    }

    @Test
    void branchStatesAreValidatedWithPointersInsideTheBranch() {
        JsonNode definition = Json.parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Parallel", "End": true, "Branches": [
                  {"StartAt": "B", "States": {"B": {"Type": "Task", "Resource": "sluice:function:x", "TimeoutSeconds": 0, "End": true}}},
                  {"StartAt": "M", "States": {"M": {"Type": "Map", "End": true, "ItemProcessor":
                    {"StartAt": "I", "States": {"I": {"Type": "Pass", "Next": "B"}, "J": {"Type": "Succeed"}}}}}}
                ]}}}
                """);

        assertThat(DefinitionValidator.validate(definition)).extracting(Problem::pointer, Problem::severity).containsExactly(
                tuple("/States/P/Branches/0/States/B/TimeoutSeconds", Severity.ERROR),
                tuple("/States/P/Branches/1/States/M/ItemProcessor/States/I/Next", Severity.ERROR),
                tuple("/States/P/Branches/1/States/M/ItemProcessor/States/J", Severity.WARNING));
    }

    @Test
    void aStateNameOfEightyCharactersIsAllowed() {
        String name = "N".repeat(80);
        JsonNode definition = Json.parse("{\"StartAt\": \"" + name + "\", \"States\": {\"" + name
                + "\": {\"Type\": \"Succeed\"}}}");

        assertThat(DefinitionValidator.validate(definition)).isEmpty();
    }
}
