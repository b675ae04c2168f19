package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's history lines in the service's events. */
class HistoryEventsTest {
    private static final String DEFINITION = """
            {"StartAt": "Fan", "States": {"Fan": {"Type": "Parallel", "End": true, "Branches": [
              {"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "End": true}}},
              {"StartAt": "B", "States": {"B": {"Type": "Pass", "End": true}}}]}}}""";

    private static JsonNode line(String type, int frame, String state, String detail) {
        ObjectNode o = Json.object();
        o.put("at", "2026-11-29T03:00:00Z").put("type", type).put("frame", frame);
        if (state != null) {
            o.put("state", state);
        }
        o.set("detail", Json.parse(detail));
        return o;
    }

    @Test
    void eventsAreNumberedAndPointToThePreviousEventOfTheirBranch() {
        List<JsonNode> lines = new ArrayList<>(List.of(
                line("EXECUTION_STARTED", 0, null, "{\"input\": {\"x\": 1}}"),
                line("STATE_ENTERED", 0, "Fan", "{\"input\": {}}"),
                line("BRANCH_STARTED", 1, "Fan", "{\"branch\": 0}"),
                line("STATE_ENTERED", 1, "A", "{\"input\": {}}"),
                line("STATE_ENTERED", 2, "B", "{\"input\": {}}"),
                line("TASK_SCHEDULED", 1, "A", "{\"payload\": {\"p\": 1}, \"function\": \"echo\", \"token\": \"t\"}"),
                line("STATE_EXITED", 2, "B", "{\"output\": {}}"),
                line("TASK_RETRY_SCHEDULED", 1, "A", "{}"),
                line("EXECUTION_FAILED", 0, null, "{\"error\": \"E\", \"cause\": \"C\"}")));
        List<ObjectNode> events = HistoryEvents.of(lines, StateTypes.of(DEFINITION), "us-east-1", true);
        assertThat(events).extracting(e -> e.get("type").asText()).containsExactly("ExecutionStarted", "ParallelStateEntered",
                "TaskStateEntered", "PassStateEntered", "TaskScheduled", "TaskStarted", "PassStateExited", "ExecutionFailed");
        assertThat(events).extracting(e -> e.get("id").asInt()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        // A's TaskScheduled follows A's entry (3), not B's (4); B's exit follows B's entry. The first state's entry follows
        // nothing (0), as AWS recorded it (LocalStack's AWS-validated snapshot of test_parallel_state, test_base_scenarios:
        // "ParallelStateEntered"'s predecessor chain starts at "PassStateEntered", id 2, previousEventId 0).
        assertThat(events).extracting(e -> e.get("previousEventId").asInt()).containsExactly(0, 0, 2, 3, 3, 5, 4, 2);
        JsonNode scheduled = events.get(4).get("taskScheduledEventDetails");
        assertThat(scheduled.get("resourceType").asText()).isEqualTo("lambda");
        assertThat(scheduled.get("resource").asText()).isEqualTo("invoke");
        assertThat(Json.parse(scheduled.get("parameters").asText())).isEqualTo(Json.parse("{\"FunctionName\": \"echo\", \"Payload\": {\"p\": 1}}"));
        assertThat(events.get(7).get("executionFailedEventDetails").get("error").asText()).isEqualTo("E");

        List<ObjectNode> withoutData = HistoryEvents.of(lines, StateTypes.of(DEFINITION), "us-east-1", false);
        assertThat(withoutData.get(0).get("executionStartedEventDetails").get("input").asText()).isEmpty();
    }

    @Test
    void aTaskOnAnActivityShowsTheActivityEvents() {
        String definition = """
                {"StartAt": "Approve", "States": {
                  "Approve": {"Type": "Task", "Resource": "arn:aws:states:us-east-1:123456789012:activity:approve",
                              "TimeoutSeconds": 300, "HeartbeatSeconds": 60, "Next": "Again"},
                  "Again": {"Type": "Task", "Resource": "arn:aws:states:us-east-1:123456789012:activity:approve", "End": true}}}""";
        List<JsonNode> lines = List.of(
                line("EXECUTION_STARTED", 0, null, "{\"input\": {}}"),
                line("STATE_ENTERED", 0, "Approve", "{\"input\": {}}"),
                line("TASK_SCHEDULED", 0, "Approve", "{\"payload\": {\"order\": 7}, \"token\": \"t\"}"),
                line("TASK_SUCCEEDED", 0, "Approve", "{\"output\": {\"ok\": true}}"),
                line("STATE_EXITED", 0, "Approve", "{\"output\": {\"ok\": true}}"),
                line("STATE_ENTERED", 0, "Again", "{\"input\": {}}"),
                line("TASK_SCHEDULED", 0, "Again", "{\"payload\": {}, \"token\": \"u\"}"),
                line("TASK_FAILED", 0, "Again", "{\"error\": \"Rejected\", \"cause\": \"no\"}"));
        List<ObjectNode> events = HistoryEvents.of(lines, StateTypes.of(definition), "us-east-1", true);
        assertThat(events).extracting(e -> e.get("type").asText()).containsExactly("ExecutionStarted", "TaskStateEntered",
                "ActivityScheduled", "ActivityStarted", "ActivitySucceeded", "TaskStateExited", "TaskStateEntered",
                "ActivityScheduled", "ActivityStarted", "ActivityFailed");
        assertThat(events).extracting(e -> e.get("previousEventId").asInt()).containsExactly(0, 0, 2, 3, 4, 5, 6, 7, 8, 9);
        JsonNode scheduled = events.get(2).get("activityScheduledEventDetails");
        assertThat(scheduled.get("resource").asText()).isEqualTo("arn:aws:states:us-east-1:123456789012:activity:approve");
        assertThat(Json.parse(scheduled.get("input").asText())).isEqualTo(Json.parse("{\"order\": 7}"));
        assertThat(scheduled.get("timeoutInSeconds").asLong()).isEqualTo(300);
        assertThat(scheduled.get("heartbeatInSeconds").asLong()).isEqualTo(60);
        assertThat(Json.parse(events.get(4).get("activitySucceededEventDetails").get("output").asText()).path("ok").asBoolean()).isTrue();
        assertThat(events.get(9).get("activityFailedEventDetails").get("error").asText()).isEqualTo("Rejected");
        assertThat(events).noneMatch(e -> e.get("type").asText().startsWith("TaskSch") || e.get("type").asText().equals("TaskSucceeded"));
    }

    @Test
    void activityStartedIsWhenAWorkerTookTheTaskWithItsName() {
        String definition = """
                {"StartAt": "Approve", "States": {
                  "Approve": {"Type": "Task", "Resource": "arn:aws:states:us-east-1:123456789012:activity:approve", "End": true}}}""";
        ObjectNode succeeded = (ObjectNode) line("TASK_SUCCEEDED", 0, "Approve", "{\"output\": {}}");
        succeeded.put("at", "2026-11-29T03:10:00Z");
        List<JsonNode> lines = List.of(line("EXECUTION_STARTED", 0, null, "{\"input\": {}}"),
                line("STATE_ENTERED", 0, "Approve", "{\"input\": {}}"),
                line("TASK_SCHEDULED", 0, "Approve", "{\"payload\": {}, \"token\": \"t\"}"), succeeded);
        java.time.Instant took = java.time.Instant.parse("2026-11-29T03:04:05Z");
        List<ObjectNode> events = HistoryEvents.of(lines, StateTypes.of(definition), "us-east-1", true,
                token -> token.equals("t") ? java.util.Optional.of(new io.sluice.orchestration.port.ActivityTasks.Taken(took, "worker-7"))
                        : java.util.Optional.empty());
        assertThat(events).extracting(e -> e.get("type").asText()).containsExactly("ExecutionStarted", "TaskStateEntered",
                "ActivityScheduled", "ActivityStarted", "ActivitySucceeded");
        assertThat(events.get(3).get("timestamp").asDouble()).as("when the worker took it, not when it answered")
                .isEqualTo(took.getEpochSecond());
        assertThat(events.get(3).get("activityStartedEventDetails").get("workerName").asText()).isEqualTo("worker-7");
        assertThat(events.get(4).get("timestamp").asDouble()).isEqualTo(java.time.Instant.parse("2026-11-29T03:10:00Z").getEpochSecond());
    }
}
