package io.sluice.functions.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;

/**
 * Orchestrator messages as JSON text. A malformed message is an {@link IllegalArgumentException} naming what is wrong.
 * Versioned ({@link #VERSION}): version 1 was written without {@code "v"}; version 2 is the same message with
 * {@code "v": 2} first, so a build of either version reads the other's messages (one before version 2 ignores the field).
 * A message may carry an optional {@code traceparent} (W3C trace context, issue 36): every reader ignores a field it does
 * not know, so it needs no new version; one that is not a valid traceparent is read as absent.
 */
public final class MessageCodec {
    /** The version written; read with the one before. A message of any other version is refused ({@link WireVersion.Unsupported}). */
    public static final WireVersion VERSION = new WireVersion("orchestrator message", 2, true);

    private MessageCodec() {}

    public static String encode(OrchestratorMessage m) {
        ObjectNode o = VERSION.stamp();
        switch (m) {
            case OrchestratorMessage.TaskResult r -> {
                o.put("type", "taskResult");
                o.put("token", r.token());
                if (r.succeeded()) {
                    o.set("output", r.output() == null ? Json.NODES.nullNode() : r.output());
                } else {
                    o.put("error", r.error());
                    o.put("cause", r.cause());
                }
            }
            case OrchestratorMessage.Heartbeat h -> o.put("type", "heartbeat").put("token", h.token());
            case OrchestratorMessage.TimerFired t -> o.put("type", "timer").put("executionId", t.executionId()).put("timerId", t.timerId());
            case OrchestratorMessage.Stop s -> o.put("type", "stop").put("executionId", s.executionId()).put("error", s.error()).put("cause", s.cause());
            case OrchestratorMessage.Redrive r -> o.put("type", "redrive").put("executionId", r.executionId());
            case OrchestratorMessage.Abandon a -> o.put("type", "abandon").put("executionId", a.executionId()).put("error", a.error()).put("cause", a.cause());
        }
        if (m.traceparent() != null) {
            o.put(Traceparent.FIELD, m.traceparent());
        }
        return Json.write(o);
    }

    public static OrchestratorMessage decode(String text) {
        JsonNode o = object(text, "orchestrator message");
        VERSION.check(o);
        String type = o.path("type").asText("");
        String trace = Traceparent.of(o);
        OrchestratorMessage m = switch (type) {
            case "taskResult" -> new OrchestratorMessage.TaskResult(required(o, "token"), o.get("output"),
                    o.hasNonNull("error") ? o.get("error").asText() : null, o.path("cause").asText(""), trace);
            case "heartbeat" -> new OrchestratorMessage.Heartbeat(required(o, "token"), trace);
            case "timer" -> new OrchestratorMessage.TimerFired(required(o, "executionId"), required(o, "timerId"), trace);
            case "stop" -> new OrchestratorMessage.Stop(required(o, "executionId"), o.path("error").asText(null), o.path("cause").asText(null),
                    trace);
            case "redrive" -> new OrchestratorMessage.Redrive(required(o, "executionId"), trace);
            case "abandon" -> new OrchestratorMessage.Abandon(required(o, "executionId"), required(o, "error"), o.path("cause").asText(""), trace);
            default -> throw new IllegalArgumentException("type: expected one of taskResult, heartbeat, timer, stop, redrive, abandon; got '" + type + "'");
        };
        try {
            m.executionId();
        } catch (IllegalArgumentException e) {
            // Only a token can fail here (TaskToken.decode, which does not repeat the credential): name the field.
            throw new IllegalArgumentException("token: expected a Sluice task token (the value of $$.Task.Token)", e);
        }
        return m;
    }

    /**
     * The message as a JSON object; an empty body or one that is not an object (a poison message) is an
     * {@link IllegalArgumentException} saying what was expected, as every other bad field is.
     */
    static JsonNode object(String text, String what) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + ": expected a JSON object, got an empty body");
        }
        JsonNode o = Json.parse(text);
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException(what + ": expected a JSON object, got " + (o == null ? "nothing" : "a JSON " + Json.typeName(o)));
        }
        return o;
    }

    private static String required(JsonNode o, String field) {
        if (!o.path(field).isTextual() || o.get(field).asText().isEmpty()) {
            throw new IllegalArgumentException(field + ": expected a non-empty string");
        }
        return o.get(field).asText();
    }
}
