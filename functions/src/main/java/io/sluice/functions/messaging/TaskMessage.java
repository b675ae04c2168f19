package io.sluice.functions.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;

/**
 * What the orchestrator sends a worker: the wire format between them, versioned on its own ({@code v})
 * so that the engine's commands can change without a worker misreading them. A worker that gets a
 * version it does not know dead-letters the message ({@link UnknownVersion}) instead of guessing.
 *
 * @param heartbeatTimerId the timer the worker renews while the task runs, or {@code null} without heartbeats
 * @param credentials      the state's Credentials as computed, or {@code null}: for the host to act on (an assumed role
 *                         on AWS); an optional field, so version 1 still reads and writes it
 * @param sentAt           when the orchestrator sent it, or {@code null}: for the dispatch latency a worker measures; an
 *                         optional field ({@code sentAt}, epoch milliseconds), so version 1 still reads and writes it
 * @param traceparent      the W3C traceparent of the orchestrator's span that dispatched it, or {@code null} when not traced:
 *                         the worker's task span is its child ({@link Traceparent}); optional too, so version 1 still holds
 */
public record TaskMessage(String token, String resource, String function, IntegrationPattern pattern, JsonNode payload,
                          String stateName, int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId,
                          JsonNode credentials, java.time.Instant sentAt, String traceparent) {

    /** A task whose dispatching span is not told. */
    public TaskMessage(String token, String resource, String function, IntegrationPattern pattern, JsonNode payload, String stateName,
                       int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId, JsonNode credentials,
                       java.time.Instant sentAt) {
        this(token, resource, function, pattern, payload, stateName, attempt, timeoutSeconds, heartbeatSeconds, heartbeatTimerId, credentials,
                sentAt, null);
    }

    /** A task whose send time is not told. */
    public TaskMessage(String token, String resource, String function, IntegrationPattern pattern, JsonNode payload, String stateName,
                       int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId, JsonNode credentials) {
        this(token, resource, function, pattern, payload, stateName, attempt, timeoutSeconds, heartbeatSeconds, heartbeatTimerId, credentials,
                null);
    }

    /** A task without Credentials. */
    public TaskMessage(String token, String resource, String function, IntegrationPattern pattern, JsonNode payload, String stateName,
                       int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId) {
        this(token, resource, function, pattern, payload, stateName, attempt, timeoutSeconds, heartbeatSeconds, heartbeatTimerId, null);
    }

    /** The version this code writes; it reads that one and the one before (there is none before 1). */
    public static final WireVersion VERSION = new WireVersion("task message", 1, false);
    /** The error a message of an unknown version is dead-lettered with. */
    public static final String UNKNOWN_VERSION = "Sluice.UnknownTaskMessageVersion";

    public static TaskMessage of(Command.DispatchTask d) {
        return of(d, null);
    }

    /** The task of {@code d}, sent at {@code sentAt} ({@code null}: not told). */
    public static TaskMessage of(Command.DispatchTask d, java.time.Instant sentAt) {
        return of(d, sentAt, null);
    }

    /** The task of {@code d}, sent at {@code sentAt} by the span {@code traceparent} (either {@code null}: not told). */
    public static TaskMessage of(Command.DispatchTask d, java.time.Instant sentAt, String traceparent) {
        return new TaskMessage(d.token().encode(), d.resource(), d.function(), d.pattern(), d.payload(), d.stateName(), d.attempt(),
                d.timeoutSeconds(), d.heartbeatSeconds(), d.heartbeatTimerId(), d.credentials(), sentAt, traceparent);
    }

    public String executionId() {
        return TaskToken.executionIdOf(token);
    }

    public String encode() {
        ObjectNode o = VERSION.stamp();
        o.put("token", token);
        o.put("resource", resource);
        o.put("function", function);
        o.put("pattern", pattern.name());
        o.set("payload", payload);
        o.put("state", stateName);
        o.put("attempt", attempt);
        if (timeoutSeconds != null) o.put("timeoutSeconds", timeoutSeconds);
        if (heartbeatSeconds != null) o.put("heartbeatSeconds", heartbeatSeconds);
        if (heartbeatTimerId != null) o.put("heartbeatTimerId", heartbeatTimerId);
        if (credentials != null) o.set("credentials", credentials);
        if (sentAt != null) o.put("sentAt", sentAt.toEpochMilli());
        if (traceparent != null) o.put(Traceparent.FIELD, traceparent);
        return Json.write(o);
    }

    /**
     * @throws UnknownVersion when {@code v} is missing or a version {@link #VERSION} does not accept
     * @throws IllegalArgumentException when a version-1 message lacks a field it must have
     */
    public static TaskMessage decode(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("task message: expected a JSON object, got an empty body");
        }
        JsonNode o = Json.parse(text);
        try {
            VERSION.check(o);
        } catch (WireVersion.Unsupported e) {
            throw new UnknownVersion(e);
        }
        return new TaskMessage(required(o, "token"), o.path("resource").asText(""), required(o, "function"),
                pattern(required(o, "pattern")), o.get("payload"), o.path("state").asText(""),
                o.path("attempt").asInt(0), o.has("timeoutSeconds") ? o.get("timeoutSeconds").asInt() : null,
                o.has("heartbeatSeconds") ? o.get("heartbeatSeconds").asInt() : null,
                o.hasNonNull("heartbeatTimerId") ? o.get("heartbeatTimerId").asText() : null,
                o.hasNonNull("credentials") ? o.get("credentials") : null,
                o.path("sentAt").isIntegralNumber() ? java.time.Instant.ofEpochMilli(o.get("sentAt").asLong()) : null, Traceparent.of(o));
    }

    private static IntegrationPattern pattern(String name) {
        for (IntegrationPattern p : IntegrationPattern.values()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("task message field pattern: expected one of "
                + java.util.Arrays.toString(IntegrationPattern.values()) + ", got '" + name + "'");
    }

    private static String required(JsonNode o, String field) {
        if (!o.path(field).isTextual() || o.get(field).asText().isEmpty()) {
            throw new IllegalArgumentException("task message field " + field + ": expected a non-empty string");
        }
        return o.get(field).asText();
    }

    /** A task message of a version this worker cannot read: dead-letter it, never run it. */
    public static final class UnknownVersion extends WireVersion.Unsupported {
        UnknownVersion(WireVersion.Unsupported refused) {
            super(UNKNOWN_VERSION + ": " + VERSION.format() + " field " + WireVersion.FIELD + ": expected " + VERSION.expected()
                    + ", got " + refused.found() + "; upgrade the worker or drain the queue with a worker of that version.",
                    VERSION, refused.found());
        }
    }
}
