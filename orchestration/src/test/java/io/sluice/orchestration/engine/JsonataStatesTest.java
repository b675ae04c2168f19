package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.TaskOutcome;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** JSONata states on the express runner: Arguments, Output, Assign, Condition, Items, Catch, computed waits. */
class JsonataStatesTest {

    @Test
    void taskSendsArgumentsAndOutputsFromStatesResult() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "T", "States": {"T": {"Type": "Task",
                  "Resource": "sluice:function:price",
                  "Arguments": {"sku": "{% $states.input.item.sku %}", "qty": "{% $states.input.n * 2 %}", "fixed": "$.not.a.path"},
                  "Output": {"total": "{% $states.result.qty * 10 %}", "exec": "{% $states.context.Execution.Name %}"},
                  "End": true}}}""");
        ScriptedInvoker invoker = new ScriptedInvoker().echo("price");
        ExpressResult r = run(d, "{\"item\": {\"sku\": \"A-1\"}, \"n\": 3}", invoker);
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        assertThat(invoker.calls.get(0).payload()).isEqualTo(json("{\"sku\": \"A-1\", \"qty\": 6, \"fixed\": \"$.not.a.path\"}"));
        assertThat(r.output()).isEqualTo(json("{\"total\": 60, \"exec\": \"run-1\"}"));
    }

    @Test
    void withoutOutputATaskOutputsItsResultAndAPassItsInput() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {
                  "P": {"Type": "Pass", "Next": "T"},
                  "T": {"Type": "Task", "Resource": "sluice:function:f", "End": true}}}""");
        ExpressResult r = run(d, "{\"a\": 1}", new ScriptedInvoker().returns("f", json("{\"r\": true}")));
        assertThat(r.output()).isEqualTo(json("{\"r\": true}"));
    }

    @Test
    void choiceConditionsPickTheFirstTrueRuleWithItsOwnOutput() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "C", "States": {
                  "C": {"Type": "Choice", "Choices": [
                      {"Condition": "{% $states.input.n > 10 %}", "Next": "Big", "Output": {"size": "big"}},
                      {"Condition": "{% $states.input.n > 1 %}", "Next": "Small"}],
                    "Default": "Small"},
                  "Big": {"Type": "Succeed"},
                  "Small": {"Type": "Succeed", "Output": {"size": "small", "n": "{% $states.input.n %}"}}}}""");
        assertThat(run(d, "{\"n\": 20}").output()).isEqualTo(json("{\"size\": \"big\"}"));
        assertThat(run(d, "{\"n\": 2}").output()).isEqualTo(json("{\"size\": \"small\", \"n\": 2}"));
    }

    @Test
    void aConditionThatIsNotBooleanIsAQueryEvaluationError() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "C", "States": {
                  "C": {"Type": "Choice", "Choices": [{"Condition": "{% $states.input.n %}", "Next": "X"}]},
                  "X": {"Type": "Succeed"}}}""");
        ExpressResult r = run(d, "{\"n\": 3}");
        assertThat(r.error()).isEqualTo("States.QueryEvaluationError");
        assertThat(r.cause()).contains("Condition").contains("true or false");
    }

    @Test
    void aFailingExpressionNamesItsFieldAndCanBeCaughtWithOutputAndAssign() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {
                  "P": {"Type": "Task", "Resource": "sluice:function:f", "Arguments": {"x": "{% $states.input.a + 'text' %}"},
                    "Catch": [{"ErrorEquals": ["States.QueryEvaluationError"], "Next": "Done",
                      "Assign": {"failed": true}, "Output": {"why": "{% $states.errorOutput.Error %}"}}],
                    "End": true},
                  "Done": {"Type": "Pass", "Output": {"why": "{% $states.input.why %}", "failed": "{% $failed %}"}, "End": true}}}""");
        ExpressResult r = run(d, "{\"a\": 1}");
        assertThat(r.succeeded()).as(r.cause()).isTrue();
        assertThat(r.output()).isEqualTo(json("{\"why\": \"States.QueryEvaluationError\", \"failed\": true}"));
        ExpressResult uncaught = run(parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {
                  "P": {"Type": "Pass", "Output": {"x": "{% $states.input.a + 'text' %}"}, "End": true}}}"""), "{\"a\": 1}");
        assertThat(uncaught.error()).isEqualTo("States.QueryEvaluationError");
        assertThat(uncaught.cause()).contains("field 'Output/x'").contains("$states.input.a + 'text'");
    }

    @Test
    void mapRunsOverItemsWithItemSelectorAndMaxConcurrencyExpressions() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "M", "States": {"M": {"Type": "Map",
                  "Items": "{% $states.input.orders %}",
                  "MaxConcurrency": "{% 2 %}",
                  "ItemSelector": {"id": "{% $states.context.Map.Item.Value.id %}", "at": "{% $states.context.Map.Item.Index %}"},
                  "ItemProcessor": {"StartAt": "I", "States": {"I": {"Type": "Pass",
                      "Output": "{% $states.input.id & '#' & $states.input.at %}", "End": true}}},
                  "Output": {"all": "{% $states.result %}"},
                  "End": true}}}""");
        ExpressResult r = run(d, "{\"orders\": [{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": \"c\"}]}");
        assertThat(r.output()).isEqualTo(json("{\"all\": [\"a#0\", \"b#1\", \"c#2\"]}"));
    }

    @Test
    void parallelTakesArgumentsAndWaitTakesComputedSeconds() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "W", "States": {
                  "W": {"Type": "Wait", "Seconds": "{% $states.input.delay * 60 %}", "Next": "P"},
                  "P": {"Type": "Parallel", "Arguments": {"v": "{% $states.input.delay %}"},
                    "Branches": [
                      {"StartAt": "A", "States": {"A": {"Type": "Pass", "Output": "{% $states.input.v + 1 %}", "End": true}}},
                      {"StartAt": "B", "States": {"B": {"Type": "Pass", "Output": "{% $states.input.v + 2 %}", "End": true}}}],
                    "End": true}}}""");
        ExpressResult r = run(d, "{\"delay\": 2}");
        assertThat(r.output()).isEqualTo(json("[3, 4]"));
        assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void failTakesErrorAndCauseExpressionsAndPerStateJsonataMixesWithJsonPath() {
        var d = parse("""
                {"StartAt": "J", "States": {
                  "J": {"Type": "Pass", "Parameters": {"code.$": "$.code"}, "Next": "F"},
                  "F": {"Type": "Fail", "QueryLanguage": "JSONata",
                    "Error": "{% 'Order.' & $states.input.code %}", "Cause": "{% 'code ' & $states.input.code %}"}}}""");
        ExpressResult r = run(d, "{\"code\": \"Late\"}");
        assertThat(r.error()).isEqualTo("Order.Late");
        assertThat(r.cause()).isEqualTo("code Late");
    }

    @Test
    void clockAndRandomFunctionsComeFromTheInterpreter() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {"P": {"Type": "Pass",
                  "Output": {"now": "{% $now() %}", "millis": "{% $millis() %}", "r": "{% $random() %}", "id": "{% $uuid() %}"},
                  "End": true}}}""");
        ExpressResult first = run(d, "{}");
        ExpressResult second = run(d, "{}");
        assertThat(first.output().get("now").asText()).isEqualTo("2026-11-29T00:00:00.000Z");
        assertThat(first.output().get("millis").asLong()).isEqualTo(Machines.T0.toEpochMilli());
        assertThat(first.output()).isEqualTo(second.output());
        assertThat(first.output().get("id").asText()).matches("[0-9a-f-]{36}");
    }

    @Test
    void aMockedFailureGoesThroughRetryAsInJsonPath() {
        var d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "T", "States": {"T": {"Type": "Task", "Resource": "sluice:function:f",
                  "TimeoutSeconds": "{% 30 %}",
                  "Retry": [{"ErrorEquals": ["Flaky"], "MaxAttempts": 2}], "Output": "{% $states.result.ok %}", "End": true}}}""");
        ScriptedInvoker invoker = new ScriptedInvoker().on("f", t -> TaskOutcome.success(json("{\"ok\": \"yes\"}")));
        // The flaky function echoes its payload, the state input: it must hold "ok", since an Output that
        // gives nothing fails the state, as on AWS (conformance/jsonata-undefined-fails.json).
        ExpressResult r = run(d, "{\"ok\": \"again\"}", new ScriptedInvoker().flaky("f", 1, "Flaky"));
        assertThat(r.succeeded()).as("cause: %s", r.cause()).isTrue();
        assertThat(run(d, "{}", invoker).output().asText()).isEqualTo("yes");
    }
}
