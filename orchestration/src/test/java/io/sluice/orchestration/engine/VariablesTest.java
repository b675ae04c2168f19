package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import org.junit.jupiter.api.Test;

/** Workflow variables: Assign in both languages, $name in paths and expressions, scopes, limits, durability. */
class VariablesTest {

    @Test
    void jsonPathAssignReadsTheResultAndLaterStatesReadTheVariable() {
        var d = parse("""
                {"StartAt": "Get", "States": {
                  "Get": {"Type": "Task", "Resource": "sluice:function:get", "ResultSelector": {"id.$": "$.order.id"},
                    "Assign": {"orderId.$": "$.id", "tries": 0}, "ResultPath": null, "Next": "Use"},
                  "Use": {"Type": "Pass", "Parameters": {"id.$": "$orderId", "tries.$": "$tries",
                    "msg.$": "States.Format('order {}', $orderId)"}, "End": true}}}""");
        ExpressResult r = run(d, "{}", new ScriptedInvoker().returns("get", json("{\"order\": {\"id\": \"o-9\"}}")));
        assertThat(r.output()).isEqualTo(json("{\"id\": \"o-9\", \"tries\": 0, \"msg\": \"order o-9\"}"));
    }

    @Test
    void everyValueOfAStateSeesTheVariablesAsTheyWereOnEntry() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "A", "States": {
                  "A": {"Type": "Pass", "Assign": {"x": 1}, "Next": "B"},
                  "B": {"Type": "Pass", "Assign": {"x": "{% $x + 1 %}", "y": "{% $x %}"}, "Output": {"seen": "{% $x %}"}, "Next": "C"},
                  "C": {"Type": "Pass", "Output": {"x": "{% $x %}", "y": "{% $y %}", "before": "{% $states.input.seen %}"}, "End": true}}}""");
        assertThat(run(d, "{}").output()).isEqualTo(json("{\"x\": 2, \"y\": 1, \"before\": 1}"));
    }

    @Test
    void choiceRulesReadVariablesInBothLanguages() {
        var d = parse("""
                {"StartAt": "Set", "States": {
                  "Set": {"Type": "Pass", "Assign": {"limit": 5}, "Next": "C"},
                  "C": {"Type": "Choice", "Choices": [{"Variable": "$.n", "NumericGreaterThanPath": "$limit", "Next": "Big"}],
                    "Default": "Small"},
                  "Big": {"Type": "Pass", "Result": "big", "End": true},
                  "Small": {"Type": "Pass", "Result": "small", "End": true}}}""");
        assertThat(run(d, "{\"n\": 9}").output().asText()).isEqualTo("big");
        assertThat(run(d, "{\"n\": 1}").output().asText()).isEqualTo("small");
    }

    @Test
    void branchesReadOuterVariablesButTheirAssignmentsStayInside() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "Init", "States": {
                  "Init": {"Type": "Pass", "Assign": {"base": 10}, "Next": "M"},
                  "M": {"Type": "Map", "Items": [1, 2],
                    "ItemProcessor": {"StartAt": "Add", "States": {
                      "Add": {"Type": "Pass", "Assign": {"mine": "{% $states.input + $base %}"}, "Next": "Out"},
                      "Out": {"Type": "Pass", "Output": "{% $mine %}", "End": true}}},
                    "Next": "After"},
                  "After": {"Type": "Pass", "Output": {"results": "{% $states.input %}", "leaked": "{% $exists($mine) %}", "base": "{% $base %}"}, "End": true}}}""");
        assertThat(run(d, "{}").output()).isEqualTo(json("{\"results\": [11, 12], \"leaked\": false, \"base\": 10}"));
    }

    @Test
    void aVariableOverTheSizeLimitFailsTheExecution() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "A", "States": {
                  "A": {"Type": "Pass", "Assign": {"big": "{% $join([1..30000].($string($) & 'xxxxxxxxxx'), '') %}"}, "End": true}}}""");
        ExpressResult r = run(d, "{}");
        assertThat(r.error()).isEqualTo("States.DataLimitExceeded");
        assertThat(r.cause()).contains("Variable 'big'").contains("256 KiB");
    }

    @Test
    void variablesSurviveAStoredAndReloadedExecution() {
        Definition d = parse("""
                {"StartAt": "Set", "States": {
                  "Set": {"Type": "Pass", "Assign": {"token.$": "$.t"}, "Next": "Call"},
                  "Call": {"Type": "Task", "Resource": "sluice:function:f", "Next": "Use"},
                  "Use": {"Type": "Pass", "Parameters": {"t.$": "$token"}, "End": true}}}""");
        Interpreter interpreter = new Interpreter(d, false);
        Transition started = interpreter.start("e-1", "n", json("{\"t\": \"abc\"}"), Machines.T0, RandomSource.seeded(1));
        Command.DispatchTask task = (Command.DispatchTask) started.commands().stream()
                .filter(c -> c instanceof Command.DispatchTask).findFirst().orElseThrow();
        JsonNode stored = Json.parse(Json.write(ExecutionCodec.encode(started.execution())));
        Execution reloaded = ExecutionCodec.decode(stored);
        assertThat(reloaded.frame(0).variables()).containsKey("token");
        Transition done = interpreter.apply(reloaded, new Event.TaskSucceeded(task.token().encode(), json("{}")),
                Machines.T0, RandomSource.seeded(2));
        assertThat(done.execution().output()).isEqualTo(json("{\"t\": \"abc\"}"));
    }
}
