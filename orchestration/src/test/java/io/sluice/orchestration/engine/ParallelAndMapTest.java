package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.TaskOutcome;
import org.junit.jupiter.api.Test;

class ParallelAndMapTest {

    @Test
    void parallelRunsEveryBranchOnTheSameInputAndGathersOutputsInBranchOrder() {
        var d = parse("""
                {"StartAt": "Par", "States": {"Par": {"Type": "Parallel", "ResultPath": "$.both", "End": true,
                  "Branches": [
                    {"StartAt": "Slow", "States": {"Slow": {"Type": "Wait", "Seconds": 5, "Next": "A"},
                                                    "A": {"Type": "Pass", "Parameters": {"a.$": "$.x"}, "End": true}}},
                    {"StartAt": "B", "States": {"B": {"Type": "Task", "Resource": "sluice:function:b", "End": true}}}]}}}""");
        var invoker = new ScriptedInvoker().returns("b", json("\"from-b\""));
        ExpressResult r = run(d, "{\"x\": 1}", invoker);
        assertThat(r.output()).isEqualTo(json("{\"x\": 1, \"both\": [{\"a\": 1}, \"from-b\"]}"));
    }

    @Test
    void aFailingBranchFailsTheParallelWithItsErrorCancelsSiblingsAndIsCaught() {
        var d = parse("""
                {"StartAt": "Par", "States": {
                  "Par": {"Type": "Parallel", "Next": "Never",
                    "Catch": [{"ErrorEquals": ["Branch.Broke"], "ResultPath": "$.err", "Next": "Recover"}],
                    "Branches": [
                      {"StartAt": "W", "States": {"W": {"Type": "Wait", "Seconds": 100, "Next": "Late"},
                                                   "Late": {"Type": "Task", "Resource": "sluice:function:late", "End": true}}},
                      {"StartAt": "F", "States": {"F": {"Type": "Fail", "Error": "Branch.Broke", "Cause": "no"}}}]},
                  "Never": {"Type": "Fail", "Error": "Wrong"},
                  "Recover": {"Type": "Pass", "End": true}}}""");
        var invoker = new ScriptedInvoker().echo("late");
        ExpressResult r = run(d, "{}", invoker);
        assertThat(r.succeeded()).isTrue();
        assertThat(r.output()).isEqualTo(json("{\"err\": {\"Error\": \"Branch.Broke\", \"Cause\": \"no\"}}"));
        assertThat(invoker.calls).isEmpty();
        assertThat(r.stopTime()).isEqualTo(r.startTime());
    }

    @Test
    void statesBranchFailedCatchesAnyErrorFromABranchButNotTheStatesOwnErrors() {
        var d = parse("""
                {"StartAt": "M", "States": {
                  "M": {"Type": "Map", "ItemsPath": "$.items", "End": true,
                    "Catch": [{"ErrorEquals": ["States.BranchFailed"], "Next": "Caught"}],
                    "ItemProcessor": {"StartAt": "F", "States": {"F": {"Type": "Fail", "Error": "Item.Bad"}}}},
                  "Caught": {"Type": "Pass", "End": true}}}""");
        assertThat(run(d, "{\"items\": [1]}").output()).isEqualTo(json("{\"Error\": \"Item.Bad\", \"Cause\": \"\"}"));
        // An ItemsPath that is no array is the Map state's own failure (States.Runtime): not a branch failure.
        assertThat(run(d, "{\"items\": 1}").error()).isEqualTo("States.Runtime");
    }

    @Test
    void parallelRetryRerunsEveryBranch() {
        var d = parse("""
                {"StartAt": "Par", "States": {"Par": {"Type": "Parallel", "End": true,
                    "Retry": [{"ErrorEquals": ["Boom"], "IntervalSeconds": 1, "MaxAttempts": 2}],
                    "Branches": [
                      {"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "sluice:function:a", "End": true}}},
                      {"StartAt": "B", "States": {"B": {"Type": "Task", "Resource": "sluice:function:b", "End": true}}}]}}}""");
        var invoker = new ScriptedInvoker().echo("a").flaky("b", 1, "Boom");
        ExpressResult r = run(d, "{\"v\": 1}", invoker);
        assertThat(r.succeeded()).isTrue();
        assertThat(invoker.callsOf("a")).isEqualTo(2);
        assertThat(invoker.callsOf("b")).isEqualTo(2);
    }

    @Test
    void mapRunsItsProcessorPerItemWithItemSelectorAndKeepsItemOrder() {
        var d = parse("""
                {"StartAt": "M", "States": {"M": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 2,
                   "ItemSelector": {"index.$": "$$.Map.Item.Index", "value.$": "$$.Map.Item.Value", "tag.$": "$.tag"},
                   "ItemProcessor": {"ProcessorConfig": {"Mode": "INLINE"}, "StartAt": "Work",
                      "States": {"Work": {"Type": "Task", "Resource": "sluice:function:double", "End": true}}},
                   "ResultPath": "$.results", "End": true}}}""");
        var invoker = new ScriptedInvoker().on("double", t -> TaskOutcome.success(
                json("{\"i\": " + t.payload().get("index") + ", \"v\": " + (t.payload().get("value").asInt() * 2) + ", \"t\": " + t.payload().get("tag") + "}")));
        ExpressResult r = run(d, "{\"tag\": \"x\", \"items\": [5, 6, 7]}", invoker);
        assertThat(r.output().get("results")).isEqualTo(json("""
                [{"i": 0, "v": 10, "t": "x"}, {"i": 1, "v": 12, "t": "x"}, {"i": 2, "v": 14, "t": "x"}]"""));
    }

    @Test
    void mapHonoursMaxConcurrency() {
        var d = parse("""
                {"StartAt": "M", "States": {"M": {"Type": "Map", "MaxConcurrency": 2,
                   "Iterator": {"StartAt": "Work", "States": {"Work": {"Type": "Task", "Resource": "sluice:function:f", "End": true}}},
                   "End": true}}}""");
        Interpreter interpreter = new Interpreter(d, false);
        Transition t = interpreter.start("e", "n", json("[1, 2, 3, 4, 5]"), Machines.T0, io.sluice.orchestration.path.RandomSource.seeded(1));
        assertThat(t.commands()).filteredOn(c -> c instanceof Command.DispatchTask).hasSize(2);
        var first = (Command.DispatchTask) t.commands().getFirst();
        Transition next = interpreter.apply(t.execution(), new Event.TaskSucceeded(first.token().encode(), json("1")), Machines.T0,
                io.sluice.orchestration.path.RandomSource.seeded(1));
        assertThat(next.commands()).singleElement().isInstanceOfSatisfying(Command.DispatchTask.class,
                c -> assertThat(c.payload()).isEqualTo(json("3")));
    }

    @Test
    void emptyMapYieldsAnEmptyArrayAndNonArrayItemsFail() {
        var d = parse("""
                {"StartAt": "M", "States": {"M": {"Type": "Map", "ItemsPath": "$.items",
                   "ItemProcessor": {"StartAt": "P", "States": {"P": {"Type": "Pass", "End": true}}}, "End": true}}}""");
        assertThat(run(d, "{\"items\": []}").output()).isEqualTo(json("[]"));
        ExpressResult bad = run(d, "{\"items\": {\"a\": 1}}");
        assertThat(bad.error()).isEqualTo("States.Runtime");
        assertThat(bad.cause()).contains("ItemsPath").contains("array").contains("object");
    }

    @Test
    void mapOfAThousandItemsWithNestedParallelFinishes() {
        var d = parse("""
                {"StartAt": "M", "States": {"M": {"Type": "Map",
                   "ItemProcessor": {"StartAt": "Par", "States": {"Par": {"Type": "Parallel", "End": true, "Branches": [
                      {"StartAt": "A", "States": {"A": {"Type": "Pass", "End": true}}},
                      {"StartAt": "B", "States": {"B": {"Type": "Pass", "Result": 0, "End": true}}}]}}},
                   "End": true}}}""");
        StringBuilder items = new StringBuilder("[");
        for (int i = 0; i < 1000; i++) {
            items.append(i == 0 ? "" : ",").append(i);
        }
        ExpressResult r = run(d, items.append("]").toString());
        assertThat(r.output()).hasSize(1000);
        assertThat(r.output().get(999)).isEqualTo(json("[999, 0]"));
        assertThat(r.transitions()).isEqualTo(1 + 1000 * 3);
    }
}
