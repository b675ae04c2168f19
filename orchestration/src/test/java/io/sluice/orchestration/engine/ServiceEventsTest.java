package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static io.sluice.orchestration.engine.Machines.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.error.StateErrorCause;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * The event id in AWS's wording of a state's own failure ({@link ServiceEvents}): counted as AWS's recorded histories
 * number their events, kept in the stored execution, and absent where AWS has none (another error, TestState).
 */
class ServiceEventsTest {

    @Test
    void aParallelAndATaskCountTheEventsAwsShows() {
        // 1 ExecutionStarted, 2 ParallelStateEntered, 3 ParallelStateStarted, 4-5 the branch's Pass, 6 ParallelStateSucceeded,
        // 7 ParallelStateExited, 8 TaskStateEntered, 9 TaskScheduled, 10 TaskStarted, 11 TaskSucceeded, 12 TaskStateExited,
        // 13 the failing Pass. ParallelStateSucceeded is there though LocalStack's snapshot transformer leaves it out of the
        // listing: the ids keep its place (test_base_scenarios.snapshot.json, test_parallel_state_order: three events, eight
        // of the branches, then ParallelStateExited #13 following #11).
        Definition d = parse("""
                {"StartAt": "Par", "States": {
                  "Par": {"Type": "Parallel", "Next": "Call", "Branches": [
                    {"StartAt": "B", "States": {"B": {"Type": "Pass", "End": true}}}]},
                  "Call": {"Type": "Task", "Resource": "sluice:function:f", "Next": "Bad"},
                  "Bad": {"Type": "Pass", "InputPath": "$.nope", "End": true}}}""");
        ExpressResult r = run(d, "{}", task -> TaskOutcome.success(json("{}")));
        assertThat(r.error()).isEqualTo("States.Runtime");
        assertThat(r.cause()).startsWith("An error occurred while executing the state 'Bad' (entered at the event id #13). Invalid path");
    }

    @Test
    void anInlineMapCountsItsStartEachIterationAndItsEnd() {
        // 2 MapStateEntered, 3 MapStateStarted, then per item MapIterationStarted, PassStateEntered, PassStateExited,
        // MapIterationSucceeded (4-7, 8-11), 12 MapStateSucceeded, 13 MapStateExited, 14 the failing Pass.
        Definition d = parse("""
                {"StartAt": "M", "States": {
                  "M": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 1, "ResultPath": null, "Next": "Bad",
                    "ItemProcessor": {"StartAt": "I", "States": {"I": {"Type": "Pass", "End": true}}}},
                  "Bad": {"Type": "Pass", "InputPath": "$.nope", "End": true}}}""");
        assertThat(run(d, "{\"items\": [1, 2]}").cause()).contains("'Bad' (entered at the event id #14)");
    }

    @Test
    void otherErrorsKeepTheirCause() {
        Definition d = parse("""
                {"StartAt": "C", "States": {"C": {"Type": "Choice", "Choices": [
                  {"Variable": "$.a", "NumericEquals": 1, "Next": "E"}]}, "E": {"Type": "Succeed"}}}""");
        ExpressResult r = run(d, "{\"a\": 2}");
        assertThat(r.error()).isEqualTo("States.NoChoiceMatched");
        assertThat(r.cause()).doesNotContain("entered at the event id");
    }

    @Test
    void theCountAndTheEnteredEventsAreRestoredBesideTheCodecsFormat() {
        Definition d = parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Next": "Call"},
                  "Call": {"Type": "Task", "Resource": "sluice:function:f", "End": true}}}""");
        Transition started = new Interpreter(d, false).start("e-1", "n", json("{}"), Machines.T0, RandomSource.seeded(1));
        // 1 ExecutionStarted, 2-3 Pass, 4 TaskStateEntered, 5 TaskScheduled, 6 TaskStarted.
        assertThat(started.execution().serviceEvents()).isEqualTo(6);
        assertThat(started.execution().frame(0).enteredEvent()).isEqualTo(4);
        // The stored format stays as it was (the orchestrator keeps the counts beside it, as it keeps the priority).
        Execution reloaded = ExecutionCodec.decode(Json.parse(Json.write(ExecutionCodec.encode(started.execution()))));
        assertThat(reloaded.serviceEvents()).isZero();
        reloaded.restoreServiceEvents(6);
        reloaded.restoreEnteredEvent(0, 4);
        reloaded.restoreEnteredEvent(9, 99); // no such frame: nothing
        assertThat(reloaded.serviceEvents()).isEqualTo(6);
        assertThat(reloaded.frame(0).enteredEvent()).isEqualTo(4);
    }

    @Test
    void theLocationComesOffForACallerWithoutAnExecution() {
        String located = StateErrorCause.located("S", 7, "Invalid path '$.a' : No results for path: $['a']");
        assertThat(located).isEqualTo("An error occurred while executing the state 'S' (entered at the event id #7). "
                + "Invalid path '$.a' : No results for path: $['a']");
        assertThat(StateErrorCause.unlocated(located)).isEqualTo("Invalid path '$.a' : No results for path: $['a']");
        assertThat(StateErrorCause.unlocated("plain")).isEqualTo("plain");
        assertThat(StateErrorCause.unlocated(null)).isNull();
    }

    @Test
    void jsonataNullIsAValueAndNotNothing() {
        // AWS: Items '{% null %}' is a value of type 'null' (conformance-recorded/map/..._items_eval_jsonata_fail_null_.json).
        Definition d = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {"P": {"Type": "Pass",
                  "Output": {"a": "{% null %}", "b": "{% {'x': null, 'y': [null, 1]} %}"}, "End": true}}}""");
        assertThat(run(d, "{}").output()).isEqualTo(json("{\"a\": null, \"b\": {\"x\": null, \"y\": [null, 1]}}"));
        Definition undefined = parse("""
                {"QueryLanguage": "JSONata", "StartAt": "P", "States": {"P": {"Type": "Pass",
                  "Output": {"a": "{% $states.input.missing %}"}, "End": true}}}""");
        assertThat(run(undefined, "{}").error()).isEqualTo("States.QueryEvaluationError");
    }
}
