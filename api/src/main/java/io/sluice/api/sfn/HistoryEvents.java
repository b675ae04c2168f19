package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ActivityTasks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * An execution's history lines, as the engine records them, in the service's shape: numbered events from 1, each with
 * the id of the event it follows ({@code previousEventId}, as {@link EventLinks} links them), its service event type and
 * its details member. Lines the service has no event for (retry scheduled, caught, Wait started, dropped results, a
 * branch's start and failure) are not shown; a Parallel's and a Map's own events are (ParallelStateStarted,
 * MapStateStarted with its length, MapIteration* with the Map's name and the index, the states' Succeeded, Failed and
 * Aborted events); a Task's scheduling is shown as the service shows it, TaskScheduled then TaskStarted. A Task on an activity
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
    private final EventLinks links = new EventLinks();
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
                links.executionStarted(frame);
            }
            case "EXECUTION_REDRIVEN" -> event(at, frame, "ExecutionRedriven", "executionRedrivenEventDetails")
                    .put("redriveCount", detail.path("redriveCount").asInt());
            case "EXECUTION_SUCCEEDED" -> data(event(at, frame, "ExecutionSucceeded", "executionSucceededEventDetails"), "output",
                    detail.get("output"));
            case "EXECUTION_FAILED" -> error(event(at, frame, "ExecutionFailed", "executionFailedEventDetails"), detail);
            case "EXECUTION_TIMED_OUT" -> error(event(at, frame, "ExecutionTimedOut", "executionTimedOutEventDetails"), detail);
            // Stopped from outside, it follows nothing (test_sfn_api.snapshot.json, test_stop_execution: ExecutionAborted #3 follows 0).
            case "EXECUTION_ABORTED" -> error(linked(at, "ExecutionAborted", "executionAbortedEventDetails", 0), detail);
            case "STATE_ENTERED" -> data(linked(at, stateType + "StateEntered", "stateEnteredEventDetails", links.stateEntered(frame, next()))
                    .put("name", state), "input", detail.get("input"));
            case "EVALUATION_FAILED" -> error(linked(at, "EvaluationFailed", "evaluationFailedEventDetails", links.evaluationFailed(frame, next())),
                    detail).put("state", state);
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
            case "PARALLEL_STATE_STARTED" -> linked(at, "ParallelStateStarted", null, links.joinStarted(frame, next()));
            case "MAP_STATE_STARTED" -> linked(at, "MapStateStarted", "mapStateStartedEventDetails", links.joinStarted(frame, next()))
                    .put("length", detail.path("length").asInt());
            case "BRANCH_STARTED" -> links.branchStarted(frame, parent(detail));
            case "MAP_ITERATION_STARTED" -> iteration(linked(at, "MapIterationStarted", "mapIterationStartedEventDetails",
                    links.iterationStarted(frame, parent(detail), next())), state, detail);
            case "MAP_ITERATION_SUCCEEDED" -> iteration(linked(at, "MapIterationSucceeded", "mapIterationSucceededEventDetails",
                    links.iterationSucceeded(frame, next())), state, detail);
            case "MAP_ITERATION_FAILED" -> iteration(linked(at, "MapIterationFailed", "mapIterationFailedEventDetails",
                    links.childFailed(frame, next())), state, detail);
            case "BRANCH_FAILED" -> links.childFailed(frame, next());
            case "MAP_ITERATION_ABORTED" -> iteration(linked(at, "MapIterationAborted", "mapIterationAbortedEventDetails",
                    links.aborted()), state, detail);
            case "STATE_ABORTED" -> linked(at, stateType + "StateAborted", null, links.aborted());
            case "PARALLEL_STATE_SUCCEEDED" -> linked(at, "ParallelStateSucceeded", null, links.joinSucceeded(frame, next()));
            case "MAP_STATE_SUCCEEDED" -> linked(at, "MapStateSucceeded", null, links.joinSucceeded(frame, next()));
            case "PARALLEL_STATE_FAILED" -> event(at, frame, "ParallelStateFailed", null);
            case "MAP_STATE_FAILED" -> event(at, frame, "MapStateFailed", null);
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
        // A job or a callback shows TaskSubmitted once the service took the request (test_callback.snapshot.json,
        // test_sqs_failure_in_wait_for_task_tok_no_error_field[SQS_PARALLEL_WAIT_FOR_TASK_TOKEN]: TaskSubmitted #7 after
        // TaskStarted #6). What the service answered is not in the engine's lines: no output is shown.
        boolean submitted = TaskResource.read(types.resource(state)).map(r -> r.pattern() != TaskResource.IntegrationPattern.REQUEST_RESPONSE)
                .orElse(false);
        if (submitted) {
            task(event(at, frame, "TaskSubmitted", "taskSubmittedEventDetails"), state);
        }
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

    /** An event of {@code frame}'s own thread: it follows the thread's last ({@link EventLinks#inFrame}). */
    private ObjectNode event(Instant at, int frame, String type, String detailsMember) {
        return linked(at, type, detailsMember, links.inFrame(frame, next()));
    }

    /** The id the next event gets. */
    private long next() {
        return events.size() + 1;
    }

    private ObjectNode linked(Instant at, String type, String detailsMember, long previous) {
        ObjectNode e = Json.object();
        Fields.time(e, "timestamp", at);
        e.put("type", type).put("id", next()).put("previousEventId", previous);
        events.add(e);
        return detailsMember == null ? Json.object() : e.putObject(detailsMember);
    }

    /** An iteration's details: the Map's name and the item's index. */
    private static ObjectNode iteration(ObjectNode details, String map, JsonNode detail) {
        return details.put("name", map).put("index", detail.path("index").asInt());
    }

    /** The parent frame a branch's or an iteration's line names, if it does (lines from before it did name none). */
    private static Integer parent(JsonNode detail) {
        return detail.hasNonNull("parent") ? detail.get("parent").asInt() : null;
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
