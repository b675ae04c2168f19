package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ActivityTasks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * An execution's history lines, as the engine records them, in the service's shape: numbered events from 1, each with
 * the id of the event before it in its thread of control ({@code previousEventId}), its service event type and its
 * details member. Lines the service has no event for (retry scheduled, caught, Wait started, dropped results) are not
 * shown; a Task's scheduling is shown as the service shows it, TaskScheduled then TaskStarted. A Task on an activity
 * is shown with the Activity* events: ActivityScheduled (its ARN, input and timeouts) at dispatch; ActivityStarted when a
 * worker took the task with GetActivityTask (its time and workerName, as {@link ActivityTasks#taken} recorded them; a
 * task answered with no such record, its token got otherwise, is dated by the answer); then ActivitySucceeded or
 * ActivityFailed, or ActivityTimedOut when none answered in time.
 */
final class HistoryEvents {
    private final StateTypes types;
    private final String region;
    private final boolean includeData;
    private final List<ObjectNode> events = new ArrayList<>();
    private final Map<Integer, Long> lastInFrame = new HashMap<>();
    private final Function<String, Optional<ActivityTasks.Taken>> taken;
    /** The frames whose activity task has had its ActivityStarted. */
    private final java.util.Set<Integer> started = new java.util.HashSet<>();

    private HistoryEvents(StateTypes types, String region, boolean includeData, Function<String, Optional<ActivityTasks.Taken>> taken) {
        this.types = types;
        this.region = region;
        this.includeData = includeData;
        this.taken = taken;
    }

    static List<ObjectNode> of(List<JsonNode> lines, StateTypes types, String region, boolean includeData) {
        return of(lines, types, region, includeData, token -> Optional.empty());
    }

    /** @param taken when a worker took the task of a token, if known ({@link ActivityTasks#takenOf}) */
    static List<ObjectNode> of(List<JsonNode> lines, StateTypes types, String region, boolean includeData,
                               Function<String, Optional<ActivityTasks.Taken>> taken) {
        HistoryEvents h = new HistoryEvents(types, region, includeData, taken);
        lines.forEach(h::add);
        return h.events;
    }

    private void add(JsonNode line) {
        String type = line.path("type").asText();
        int frame = line.path("frame").asInt();
        String state = line.hasNonNull("state") ? line.get("state").asText() : null;
        JsonNode detail = line.path("detail");
        Instant at = Instant.parse(line.path("at").asText());
        String stateType = state == null ? null : types.type(state);
        switch (type) {
            case "EXECUTION_STARTED" -> {
                ObjectNode d = event(at, frame, "ExecutionStarted", "executionStartedEventDetails");
                data(d, "input", detail.get("input"));
                // The first state's entry follows nothing: AWS records it with previousEventId 0, not ExecutionStarted's 1
                // (LocalStack's AWS-validated snapshots, test_base_scenarios.snapshot.json: test_parallel_state,
                // test_map_state_break_condition, each "PassStateEntered", id 2, previousEventId 0).
                lastInFrame.put(frame, 0L);
            }
            case "EXECUTION_REDRIVEN" -> event(at, frame, "ExecutionRedriven", "executionRedrivenEventDetails")
                    .put("redriveCount", detail.path("redriveCount").asInt());
            case "EXECUTION_SUCCEEDED" -> data(event(at, frame, "ExecutionSucceeded", "executionSucceededEventDetails"), "output",
                    detail.get("output"));
            case "EXECUTION_FAILED" -> error(event(at, frame, "ExecutionFailed", "executionFailedEventDetails"), detail);
            case "EXECUTION_TIMED_OUT" -> error(event(at, frame, "ExecutionTimedOut", "executionTimedOutEventDetails"), detail);
            case "EXECUTION_ABORTED" -> error(event(at, frame, "ExecutionAborted", "executionAbortedEventDetails"), detail);
            case "STATE_ENTERED" -> data(event(at, frame, stateType + "StateEntered", "stateEnteredEventDetails").put("name", state),
                    "input", detail.get("input"));
            case "STATE_EXITED" -> data(event(at, frame, stateType + "StateExited", "stateExitedEventDetails").put("name", state),
                    "output", detail.get("output"));
            case "TASK_SCHEDULED" -> {
                if (types.activity(state)) {
                    activityScheduled(at, frame, state, detail);
                } else {
                    scheduled(at, frame, state, detail);
                }
            }
            case "TASK_SUCCEEDED" -> {
                if (types.activity(state)) {
                    activityStarted(at, frame);
                    data(event(at, frame, "ActivitySucceeded", "activitySucceededEventDetails"), "output", detail.get("output"));
                } else {
                    data(task(event(at, frame, "TaskSucceeded", "taskSucceededEventDetails"), state), "output", detail.get("output"));
                }
            }
            case "TASK_FAILED" -> {
                if (types.activity(state)) {
                    activityStarted(at, frame);
                    error(event(at, frame, "ActivityFailed", "activityFailedEventDetails"), detail);
                } else {
                    error(task(event(at, frame, "TaskFailed", "taskFailedEventDetails"), state), detail);
                }
            }
            case "TASK_TIMED_OUT" -> timedOut(at, frame, state, detail);
            case "MAP_ITERATION_STARTED" -> event(at, frame, "MapIterationStarted", "mapIterationStartedEventDetails")
                    .put("name", state).put("index", detail.path("index").asInt());
            case "MAP_RUN_STARTED" -> event(at, frame, "MapRunStarted", "mapRunStartedEventDetails")
                    .put("mapRunArn", detail.path("mapRunArn").asText(""));
            case "MAP_RUN_SUCCEEDED" -> event(at, frame, "MapRunSucceeded", null);
            case "MAP_RUN_FAILED" -> error(event(at, frame, "MapRunFailed", "mapRunFailedEventDetails"), detail);
            default -> { }
        }
    }

    private void scheduled(Instant at, int frame, String state, JsonNode detail) {
        ObjectNode d = task(event(at, frame, "TaskScheduled", "taskScheduledEventDetails"), state);
        d.put("region", region);
        JsonNode parameters = detail.path("payload");
        if (d.path("resourceType").asText().equals("lambda") && d.path("resource").asText().startsWith("invoke")) {
            // The engine records what the function receives; the service shows the state's parameters, Payload within them
            // (FunctionName as written, Qualifier, InvocationType, ... when the engine recorded them).
            JsonNode rest = detail.path("lambdaParameters");
            ObjectNode wrapped = Json.object();
            wrapped.put("FunctionName", rest.path("FunctionName").asText(detail.path("function").asText()));
            wrapped.set("Payload", parameters);
            rest.fields().forEachRemaining(f -> {
                if (!f.getKey().equals("FunctionName")) {
                    wrapped.set(f.getKey(), f.getValue());
                }
            });
            parameters = wrapped;
        }
        d.put("parameters", includeData ? Json.write(parameters) : "");
        d.putObject("parametersDetails").put("truncated", false);
        task(event(at, frame, "TaskStarted", "taskStartedEventDetails"), state);
    }

    private void timedOut(Instant at, int frame, String state, JsonNode detail) {
        started.remove(frame);
        error(types.activity(state) ? event(at, frame, "ActivityTimedOut", "activityTimedOutEventDetails")
                : task(event(at, frame, "TaskTimedOut", "taskTimedOutEventDetails"), state), detail);
    }

    /** ActivityStarted for a task answered without the record of its taking: dated by the answer, as the engine has it. */
    private void activityStarted(Instant answered, int frame) {
        if (!started.remove(frame)) {
            event(answered, frame, "ActivityStarted", "activityStartedEventDetails");
        }
    }

    private void activityScheduled(Instant at, int frame, String state, JsonNode detail) {
        ObjectNode d = event(at, frame, "ActivityScheduled", "activityScheduledEventDetails");
        d.put("resource", types.resource(state));
        data(d, "input", detail.get("payload"));
        Long timeout = types.seconds(state, "TimeoutSeconds");
        Long heartbeat = types.seconds(state, "HeartbeatSeconds");
        if (timeout != null) {
            d.put("timeoutInSeconds", timeout);
        }
        if (heartbeat != null) {
            d.put("heartbeatInSeconds", heartbeat);
        }
        String token = detail.path("token").asText(null);
        Optional<ActivityTasks.Taken> took = token == null ? Optional.empty() : taken.apply(token);
        if (took.isPresent()) {
            ObjectNode s = event(took.get().at().isBefore(at) ? at : took.get().at(), frame, "ActivityStarted", "activityStartedEventDetails");
            if (took.get().worker() != null) {
                s.put("workerName", took.get().worker());
            }
            started.add(frame);
        }
    }

    /** The resource as the service splits it: {@code arn:aws:states:::lambda:invoke} is type lambda, resource invoke. */
    private ObjectNode task(ObjectNode details, String state) {
        String resource = types.resource(state);
        String type = "sluice";
        String name = resource == null ? state : resource;
        if (resource != null && resource.startsWith("arn:aws:states:::")) {
            String rest = resource.substring("arn:aws:states:::".length());
            int colon = rest.indexOf(':');
            type = colon < 0 ? rest : rest.substring(0, colon);
            name = colon < 0 ? rest : rest.substring(colon + 1);
        } else if (resource != null && resource.startsWith("arn:aws:lambda:")) {
            type = "lambda";
        } else if (resource != null && resource.startsWith("arn:aws:states:") && resource.contains(":activity:")) {
            type = "activity";
        }
        return details.put("resourceType", type).put("resource", name);
    }

    private ObjectNode event(Instant at, int frame, String type, String detailsMember) {
        long id = events.size() + 1;
        ObjectNode e = Json.object();
        Fields.time(e, "timestamp", at);
        e.put("type", type).put("id", id);
        Long previous = lastInFrame.get(frame);
        e.put("previousEventId", previous != null ? previous : id - 1);
        lastInFrame.put(frame, id);
        events.add(e);
        return detailsMember == null ? Json.object() : e.putObject(detailsMember);
    }

    private ObjectNode data(ObjectNode details, String member, JsonNode value) {
        details.put(member, includeData && value != null ? Json.write(value) : "");
        details.putObject(member + "Details").put("truncated", false);
        return details;
    }

    private static ObjectNode error(ObjectNode details, JsonNode detail) {
        if (detail.hasNonNull("error")) {
            details.put("error", detail.get("error").asText());
        }
        if (detail.hasNonNull("cause")) {
            details.put("cause", detail.get("cause").asText());
        }
        return details;
    }
}
