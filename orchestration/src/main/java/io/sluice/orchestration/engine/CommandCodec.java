package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.IsoInstant;
import io.sluice.orchestration.json.Json;

/** Commands and history lines as JSON, for an outbox and a history that outlive the process. */
public final class CommandCodec {
    private CommandCodec() {}

    public static ObjectNode encode(Command c) {
        ObjectNode o = Json.object();
        switch (c) {
            case Command.DispatchTask d -> {
                o.put("type", "dispatch");
                o.put("token", d.token().encode());
                o.put("resource", d.resource());
                o.put("function", d.function());
                o.put("pattern", d.pattern().name());
                o.set("payload", d.payload());
                o.put("state", d.stateName());
                o.put("attempt", d.attempt());
                if (d.timeoutSeconds() != null) o.put("timeoutSeconds", d.timeoutSeconds());
                if (d.heartbeatSeconds() != null) o.put("heartbeatSeconds", d.heartbeatSeconds());
                if (d.heartbeatTimerId() != null) o.put("heartbeatTimerId", d.heartbeatTimerId());
                if (d.credentials() != null) o.set("credentials", d.credentials());
                if (d.lambdaParameters() != null) o.set("lambdaParameters", d.lambdaParameters());
            }
            case Command.StartTimer t -> {
                o.put("type", "startTimer");
                o.put("timerId", t.timerId());
                o.put("due", IsoInstant.format(t.dueAt()));
                if (t.renewable()) o.put("renewable", true);
            }
            case Command.CancelTimer t -> {
                o.put("type", "cancelTimer");
                o.put("timerId", t.timerId());
            }
            case Command.ExecutionFinished f -> {
                o.put("type", "finished");
                o.put("executionId", f.executionId());
                o.put("status", f.status().name());
                if (f.output() != null) o.set("output", f.output());
                if (f.error() != null) o.put("error", f.error());
                if (f.cause() != null) o.put("cause", f.cause());
            }
        }
        return o;
    }

    public static Command decode(JsonNode o) {
        return switch (o.path("type").asText()) {
            case "dispatch" -> new Command.DispatchTask(TaskToken.decode(o.get("token").asText()), o.get("resource").asText(),
                    o.hasNonNull("function") ? o.get("function").asText() : null, IntegrationPattern.valueOf(o.get("pattern").asText()),
                    o.get("payload"),
                    o.get("state").asText(), o.get("attempt").asInt(),
                    o.has("timeoutSeconds") ? o.get("timeoutSeconds").asInt() : null,
                    o.has("heartbeatSeconds") ? o.get("heartbeatSeconds").asInt() : null,
                    o.hasNonNull("heartbeatTimerId") ? o.get("heartbeatTimerId").asText() : null,
                    o.hasNonNull("credentials") ? o.get("credentials") : null,
                    o.hasNonNull("lambdaParameters") ? o.get("lambdaParameters") : null);
            case "startTimer" -> new Command.StartTimer(o.get("timerId").asText(), IsoInstant.parse(o.get("due").asText()),
                    o.path("renewable").asBoolean(false));
            case "cancelTimer" -> new Command.CancelTimer(o.get("timerId").asText());
            case "finished" -> new Command.ExecutionFinished(o.get("executionId").asText(), ExecutionStatus.valueOf(o.get("status").asText()),
                    o.get("output"), o.hasNonNull("error") ? o.get("error").asText() : null,
                    o.hasNonNull("cause") ? o.get("cause").asText() : null);
            default -> throw new IllegalArgumentException("unknown command type '" + o.path("type").asText() + "'");
        };
    }

    public static ObjectNode encode(HistoryEvent h) {
        ObjectNode o = Json.object();
        o.put("at", IsoInstant.format(h.at()));
        o.put("type", h.type().name());
        o.put("frame", h.frame());
        if (h.state() != null) o.put("state", h.state());
        if (h.detail() != null) o.set("detail", h.detail());
        return o;
    }

    public static HistoryEvent decodeHistory(JsonNode o) {
        return new HistoryEvent(IsoInstant.parse(o.get("at").asText()), HistoryEvent.Type.valueOf(o.get("type").asText()),
                o.get("frame").asInt(), o.hasNonNull("state") ? o.get("state").asText() : null, o.get("detail"));
    }
}
