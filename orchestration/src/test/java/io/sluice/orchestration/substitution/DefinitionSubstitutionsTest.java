package io.sluice.orchestration.substitution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.Problem;
import org.junit.jupiter.api.Test;

/**
 * Placeholders filled as CloudFormation's AWS::StepFunctions::StateMachine fills DefinitionSubstitutions ("a map
 * (string to string) that specifies the mappings for placeholder variables in the state machine definition",
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-stepfunctions-statemachine.html):
 * each ${Name} inside a string is replaced by its value's text.
 */
class DefinitionSubstitutionsTest {
    private static final String DEFINITION = """
            {"StartAt": "Score", "States": {
              "Score": {"Type": "Task", "Resource": "${ScoreFunctionArn}", "Next": "Notify"},
              "Notify": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                         "Parameters": {"FunctionName": "${NotifyFunction}", "Payload": {"table": "${Stage}-orders", "${Stage}Flag": true}}, "End": true}}}
            """;

    @Test
    void everyPlaceholderIsFilledWithItsValueText() {
        DefinitionSubstitutions s = DefinitionSubstitutions.parse(Json.parse("""
                {"ScoreFunctionArn": "arn:aws:lambda:us-east-1:123456789012:function:score", "NotifyFunction": "notify", "Stage": "prod"}
                """), "subs.json");
        DefinitionSubstitutions.Substituted out = s.apply(Json.parse(DEFINITION));
        assertThat(out.problems()).isEmpty();
        assertThat(out.definition().at("/States/Score/Resource").asText()).isEqualTo("arn:aws:lambda:us-east-1:123456789012:function:score");
        assertThat(out.definition().at("/States/Notify/Parameters/Payload")).isEqualTo(Json.parse("{\"table\": \"prod-orders\", \"prodFlag\": true}"));
        assertThat(out.definition().at("/States/Notify/Parameters/FunctionName").asText()).isEqualTo("notify");
    }

    @Test
    void anUnfilledPlaceholderIsAProblemNamingItWhereItIs() {
        DefinitionSubstitutions s = DefinitionSubstitutions.parse(Json.parse("{\"Stage\": 3}"), "subs.json");
        DefinitionSubstitutions.Substituted out = s.apply(Json.parse(DEFINITION));
        assertThat(out.problems()).containsExactly(
                new Problem("/States/Score/Resource", "Placeholder ${ScoreFunctionArn} is not filled: subs.json has no \"ScoreFunctionArn\""
                        + " (DefinitionSubstitutions)", Problem.Severity.ERROR),
                new Problem("/States/Notify/Parameters/FunctionName", "Placeholder ${NotifyFunction} is not filled: subs.json has no"
                        + " \"NotifyFunction\" (DefinitionSubstitutions)", Problem.Severity.ERROR));
        assertThat(out.definition().at("/States/Notify/Parameters/Payload/table").asText()).isEqualTo("3-orders");
    }

    @Test
    void withoutSubstitutionsADefinitionIsUsedAsItIs() {
        var definition = Json.parse(DEFINITION);
        assertThat(DefinitionSubstitutions.none().apply(definition).definition()).isSameAs(definition);
        assertThat(DefinitionSubstitutions.none().apply(definition).problems()).isEmpty();
    }

    @Test
    void aBadFileNamesTheEntryAndWhatWasExpected() {
        assertThatThrownBy(() -> DefinitionSubstitutions.parse(Json.parse("{\"A\": {}, \"b c\": \"x\"}"), "subs.json"))
                .hasMessage("subs.json: /A: expected a string (or a number or boolean), not object\n"
                        + "subs.json: /b c: expected a placeholder name (letters, digits, _ . : -), as ${Name} is written in the definition");
        assertThatThrownBy(() -> DefinitionSubstitutions.parse(Json.parse("[]"), "subs.json")).hasMessageStartingWith("subs.json: /: expected an object");
    }
}
