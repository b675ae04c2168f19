package io.sluice.functions.events.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One transition of interest of an execution, as it travels on the events queue from where it happened
 * (the orchestrator's commit, the worker harness's gate) to the {@link ExecutionEventRelay} that makes a
 * CloudEvent of it. The tenant is not carried: the relay asks the runtime's tenancy.
 *
 * @param id        stable for the transition (the outbox entry's id, or the task token and the kind), so a
 *                  re-sent event is the same CloudEvent
 * @param partition {@code null} when the execution has none or the sender did not know it (the relay looks it up)
 * @param state     the state a task event is about, else {@code null}
 * @param attempt   the retry number for {@link Kind#RETRIED}, else 0
 */
public record ExecutionEvent(String id, Kind kind, String executionId, String pipeline, String partition, String status,
                             String error, String cause, String state, int attempt, Instant time) {

    /** The message type on the events queue; the completion listener hands such messages to the relay. */
    public static final String MESSAGE_TYPE = "execution-event";
    /**
     * The version of every message on the events queue: these and the orchestrator's {@code "finished"} messages.
     * Version 1 was written without {@code "v"}; version 2 adds {@code "v": 2} first and nothing else.
     */
    public static final WireVersion QUEUE_VERSION = new WireVersion("events-queue message", 2, true);

    public enum Kind {
        STARTED, SUCCEEDED, FAILED, ABORTED, RETRIED, BLOCKED, RELEASED;

        /** {@code io.sluice.execution.succeeded} */
        public String cloudEventType() {
            return "io.sluice.execution." + name().toLowerCase(Locale.ROOT);
        }
    }

    public ExecutionEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(time, "time");
    }

    public ExecutionEvent withPartition(String partition) {
        return new ExecutionEvent(id, kind, executionId, pipeline, partition, status, error, cause, state, attempt, time);
    }

    /** The events-queue message: {@code {"type": "execution-event", ...}}. */
    public String encode() {
        ObjectNode o = QUEUE_VERSION.stamp().put("type", MESSAGE_TYPE).put("eventId", id).put("kind", kind.name())
                .put("executionId", executionId).put("pipeline", pipeline).put("time", time.toString());
        putIf(o, "partition", partition);
        putIf(o, "status", status);
        putIf(o, "error", error);
        putIf(o, "cause", cause);
        putIf(o, "state", state);
        if (attempt > 0) {
            o.put("attempt", attempt);
        }
        return Json.write(o);
    }

    public static boolean isOne(JsonNode message) {
        return MESSAGE_TYPE.equals(message.path("type").asText());
    }

    public static ExecutionEvent decode(JsonNode o) {
        if (!isOne(o)) {
            throw new IllegalArgumentException("not an execution event: type is '" + o.path("type").asText() + "'");
        }
        QUEUE_VERSION.check(o);
        return new ExecutionEvent(o.path("eventId").asText(), Kind.valueOf(o.path("kind").asText()), o.path("executionId").asText(),
                o.path("pipeline").asText(), text(o, "partition"), text(o, "status"), text(o, "error"), text(o, "cause"),
                text(o, "state"), o.path("attempt").asInt(0), Instant.parse(o.path("time").asText()));
    }

    private static String text(JsonNode o, String field) {
        return o.hasNonNull(field) ? o.get(field).asText() : null;
    }

    private static void putIf(ObjectNode o, String field, String value) {
        if (value != null) {
            o.put(field, value);
        }
    }
}
