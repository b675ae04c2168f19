package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Event;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Histories that need the engine driven event by event (a timeout, a map run's answer), against what AWS recorded for
 * them in LocalStack's {@code aws.validated} snapshots at commit 8b9a79f05846835cf4dff63ab7eefdde9df83783.
 */
class RecordedForkHistoryTest {
    private static final Instant T0 = Instant.parse("2026-12-05T00:00:00Z");

    /**
     * {@code tests/aws/services/stepfunctions/v2/timeouts/test_timeouts.snapshot.json}, test_service_lambda_map_timeout
     * (recorded 10-03-2024; definition templates/timeouts/statemachines/service_lambda_map_function_invoke_with_timeout_seconds.json5):
     * four iterations call a Lambda that outlives the Task's TimeoutSeconds. AWS: events 1-7 are ExecutionStarted,
     * MapStateEntered, MapStateStarted (length 4) and the four MapIterationStarted (each following #3); the first
     * TaskTimedOut is #20; then, every one following #20, MapIterationFailed (index 0) and TaskStateAborted, and for
     * each other iteration MapIterationAborted and TaskStateAborted, then MapStateFailed; ExecutionFailed follows it.
     * AWS's three other timeouts fell before it stopped their iterations (#21-#23); the engine stops them at the first.
     */
    @Test
    void anIterationThatTimesOutAbortsTheOthersAsAwsRecorded() {
        String definition = """
                {"StartAt": "MapWait", "States": {"MapWait": {"Type": "Map", "InputPath": "$.Inputs",
                  "ItemProcessor": {"ProcessorConfig": {"Mode": "INLINE"}, "StartAt": "LambdaInvoke", "States": {
                    "LambdaInvoke": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "TimeoutSeconds": 5,
                      "Parameters": {"FunctionName.$": "$.FunctionName", "Payload.$": "$.Payload"}, "End": true}}},
                  "End": true}}}""";
        Interpreter engine = new Interpreter(DefinitionParser.parse(Json.parse(definition)), true);
        String item = "{\"FunctionName\": \"f\", \"Payload\": null}";
        Transition started = engine.start("m", "e-1", "e-1", Json.parse("{\"Inputs\": [" + String.join(",", List.of(item, item, item, item)) + "]}"),
                T0, RandomSource.seeded(3));
        String firstTimeout = started.commands().stream().filter(c -> c instanceof Command.StartTimer).map(c -> ((Command.StartTimer) c).timerId())
                .findFirst().orElseThrow();
        Transition timedOut = engine.apply(started.execution(), new Event.TimerFired(firstTimeout), T0.plusSeconds(5), RandomSource.seeded(3));
        List<ObjectNode> events = events(definition, started, timedOut);

        assertThat(keys(events.subList(0, 7))).containsExactly("ExecutionStarted 1<0", "MapStateEntered 2<0 MapWait", "MapStateStarted 3<2 length=4",
                "MapIterationStarted 4<3 MapWait index=0", "MapIterationStarted 5<3 MapWait index=1", "MapIterationStarted 6<3 MapWait index=2",
                "MapIterationStarted 7<3 MapWait index=3");
        int timeout = indexOf(events, "TaskTimedOut");
        assertThat(events.get(timeout).get("id").asLong()).isEqualTo(20);
        List<ObjectNode> tail = events.subList(timeout + 1, events.size());
        assertThat(tail).extracting(e -> e.get("type").asText() + index(e)).containsExactly("MapIterationFailed 0", "TaskStateAborted",
                "MapIterationAborted 1", "TaskStateAborted", "MapIterationAborted 2", "TaskStateAborted", "MapIterationAborted 3", "TaskStateAborted",
                "MapStateFailed", "ExecutionFailed");
        assertThat(tail.subList(0, 9)).allSatisfy(e -> assertThat(e.get("previousEventId").asLong()).isEqualTo(20));
        assertThat(tail.get(9).get("previousEventId").asLong()).isEqualTo(tail.get(8).get("id").asLong());
        assertThat(tail.get(9).get("executionFailedEventDetails").get("error").asText()).isEqualTo("States.Timeout");
    }

    /**
     * {@code tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json},
     * test_map_state_config_distributed_item_selector (recorded 08-02-2024): a distributed Map over two items, every
     * event as AWS numbered and linked it. The map run's answer stands in for its children.
     */
    @Test
    void aDistributedMapShowsItsMapRunAsAwsRecorded() {
        String definition = """
                {"StartAt": "MapState", "States": {"MapState": {"Type": "Map", "MaxConcurrency": 1,
                  "ItemSelector": {"constantValue": "constant", "mapValue.$": "$$.Map.Item.Value", "fromInput.$": "$"},
                  "ItemProcessor": {"StartAt": "IteratorInner", "States": {"IteratorInner": {"Type": "Pass", "End": true}},
                    "ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"}}, "Next": "Finish"},
                  "Finish": {"Type": "Succeed"}}}""";
        Interpreter engine = new Interpreter(DefinitionParser.parse(Json.parse(definition)), true);
        Transition started = engine.start("m", "e-1", "e-1", Json.parse("[\"Hello\", \"World\"]"), T0, RandomSource.seeded(3));
        Command.DispatchTask run = started.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c)
                .findFirst().orElseThrow();
        Transition ended = engine.apply(started.execution(), new Event.TaskSucceeded(run.token().encode(), Json.parse("[1, 2]")), T0.plusSeconds(2),
                RandomSource.seeded(3));

        assertThat(keys(events(definition, started, ended))).containsExactly("ExecutionStarted 1<0", "MapStateEntered 2<0 MapState",
                "MapStateStarted 3<2 length=2", "MapRunStarted 4<3", "MapRunSucceeded 5<4", "MapStateSucceeded 6<5", "MapStateExited 7<5 MapState",
                "SucceedStateEntered 8<7 Finish", "SucceedStateExited 9<8 Finish", "ExecutionSucceeded 10<9");
    }

    /**
     * {@code tests/aws/services/stepfunctions/v2/callback/test_callback.snapshot.json},
     * test_sqs_failure_in_wait_for_task_tok_no_error_field[SQS_PARALLEL_WAIT_FOR_TASK_TOKEN] (recorded 29-04-2024; definition
     * templates/callbacks/statemachines/sqs_parallel_wait_for_task_token.json5; LocalStack itself skips it): a branch's
     * waitForTaskToken task answered with SendTaskFailure and no error. AWS: TaskSubmitted after TaskStarted; the task's
     * TaskStateAborted and ParallelStateFailed both follow its TaskFailed; the caught Parallel's Exited follows its Failed.
     */
    @Test
    void aBranchsFailedCallbackAbortsItsTaskAsAwsRecorded() {
        String definition = """
                {"StartAt": "ParallelJob", "States": {"ParallelJob": {"Type": "Parallel", "Branches": [{"StartAt": "SendMessageWithWait",
                  "States": {"SendMessageWithWait": {"Type": "Task", "Resource": "arn:aws:states:::sqs:sendMessage.waitForTaskToken",
                    "Parameters": {"QueueUrl.$": "$.QueueUrl", "MessageBody": {"Context.$": "$", "TaskToken.$": "$$.Task.Token"}}, "End": true}}}],
                  "Catch": [{"ErrorEquals": ["States.Runtime"], "ResultPath": "$.states_runtime_error", "Next": "CaughtRuntimeError"},
                            {"ErrorEquals": ["States.ALL"], "ResultPath": "$.states_all_error", "Next": "CaughtStatesALL"}], "End": true},
                  "CaughtRuntimeError": {"Type": "Pass", "End": true}, "CaughtStatesALL": {"Type": "Pass", "End": true}}}""";
        Interpreter engine = new Interpreter(DefinitionParser.parse(Json.parse(definition)), true);
        Transition started = engine.start("m", "e-1", "e-1", Json.parse("{\"QueueUrl\": \"q\", \"Message\": \"test_message_txt\"}"), T0,
                RandomSource.seeded(3));
        Command.DispatchTask send = started.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c)
                .findFirst().orElseThrow();
        Transition failed = engine.apply(started.execution(), new Event.TaskFailed(send.token().encode(), null, null), T0.plusSeconds(1),
                RandomSource.seeded(3));

        assertThat(keys(events(definition, started, failed))).containsExactly("ExecutionStarted 1<0", "ParallelStateEntered 2<0 ParallelJob",
                "ParallelStateStarted 3<2", "TaskStateEntered 4<3 SendMessageWithWait", "TaskScheduled 5<4", "TaskStarted 6<5", "TaskSubmitted 7<6",
                "TaskFailed 8<7", "TaskStateAborted 9<8", "ParallelStateFailed 10<8", "ParallelStateExited 11<10 ParallelJob",
                "PassStateEntered 12<11 CaughtStatesALL", "PassStateExited 13<12 CaughtStatesALL", "ExecutionSucceeded 14<13");
    }

    private static List<ObjectNode> events(String definition, Transition... transitions) {
        List<JsonNode> lines = new ArrayList<>();
        for (Transition t : transitions) {
            for (HistoryEvent h : t.history()) {
                lines.add(CommandCodec.encode(h));
            }
        }
        return HistoryEvents.of(lines, StateTypes.of(definition), "us-east-1", true);
    }

    private static List<String> keys(List<ObjectNode> events) {
        return events.stream().map(e -> {
            StringBuilder k = new StringBuilder(e.get("type").asText()).append(' ').append(e.get("id").asLong()).append('<')
                    .append(e.get("previousEventId").asLong());
            e.fields().forEachRemaining(f -> {
                if (f.getKey().endsWith("EventDetails")) {
                    if (f.getValue().has("name")) k.append(' ').append(f.getValue().get("name").asText());
                    if (f.getValue().has("index")) k.append(" index=").append(f.getValue().get("index").asInt());
                    if (f.getValue().has("length")) k.append(" length=").append(f.getValue().get("length").asInt());
                }
            });
            return k.toString();
        }).toList();
    }

    private static String index(ObjectNode e) {
        JsonNode d = e.get("mapIterationFailedEventDetails") != null ? e.get("mapIterationFailedEventDetails") : e.get("mapIterationAbortedEventDetails");
        return d == null ? "" : " " + d.get("index").asInt();
    }

    private static int indexOf(List<ObjectNode> events, String type) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).get("type").asText().equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type);
    }
}
