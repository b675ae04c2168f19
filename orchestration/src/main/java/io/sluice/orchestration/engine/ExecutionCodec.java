package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.json.IsoInstant;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import java.util.Map;

/**
 * Writes an execution's state to JSON and reads it back, so a durable host can store it between
 * events. The format is Sluice's own and versioned ({@code "v": 1}, {@link #VERSION}; a reader refuses a version it
 * does not read with {@link WireVersion.Unsupported}); a frame's workflow variables are
 * its {@code vars}, an optional field, so executions stored before variables existed still read. The count of service
 * history events ({@link Execution#serviceEvents()}) and each frame's {@link Frame#enteredEvent()} are not part of this
 * format: the orchestrator keeps them beside it, as it keeps the priority.
 */
public final class ExecutionCodec {
    /** Version 1, the only one so far: a reader of version 2 will read this one too ({@link WireVersion}). */
    public static final WireVersion VERSION = new WireVersion("stored execution", 1, false);

    private ExecutionCodec() {}

    public static ObjectNode encode(Execution e) {
        ObjectNode o = VERSION.stamp();
        o.put("id", e.id());
        o.put("name", e.name());
        if (e.machine() != null) o.put("machine", e.machine());
        o.put("hash", e.definitionHash());
        o.set("input", e.input());
        o.put("start", IsoInstant.format(e.startTime()));
        o.put("status", e.status().name());
        if (e.output() != null) o.set("output", e.output());
        if (e.error() != null) o.put("error", e.error());
        if (e.cause() != null) o.put("cause", e.cause());
        if (e.stopTime() != null) o.put("stop", IsoInstant.format(e.stopTime()));
        o.put("nextFrame", e.nextFrameId());
        o.put("nextTimer", e.nextTimerSeq());
        o.put("transitions", e.transitions());
        o.put("redrives", e.redriveCount());
        ArrayNode frames = o.putArray("frames");
        for (Frame f : e.frames()) {
            frames.add(encodeFrame(f));
        }
        ObjectNode timers = o.putObject("timers");
        for (Map.Entry<String, TimerRef> t : e.timers().entrySet()) {
            ObjectNode ref = timers.putObject(t.getKey());
            ref.put("frame", t.getValue().frame());
            ref.put("kind", t.getValue().kind().name());
            ref.put("step", t.getValue().step());
        }
        return o;
    }

    public static Execution decode(JsonNode o) {
        VERSION.check(o);
        Execution e = new Execution(o.get("id").asText(), o.get("name").asText(), text(o, "machine"), o.get("hash").asText(), o.get("input"),
                IsoInstant.parse(o.get("start").asText()));
        ExecutionStatus status = ExecutionStatus.valueOf(o.get("status").asText());
        if (status.isTerminal()) {
            e.finish(status, o.get("output"), text(o, "error"), text(o, "cause"), o.has("stop") ? IsoInstant.parse(o.get("stop").asText()) : null);
        }
        e.restoreCounters(o.get("nextFrame").asInt(), o.get("nextTimer").asLong(), o.get("transitions").asLong(), o.path("redrives").asInt());
        for (JsonNode f : o.path("frames")) {
            e.restoreFrame(decodeFrame(f));
        }
        o.path("timers").fields().forEachRemaining(t -> e.timers().put(t.getKey(), new TimerRef(t.getValue().get("frame").asInt(),
                TimerRef.Kind.valueOf(t.getValue().get("kind").asText()), t.getValue().get("step").asLong())));
        return e;
    }

    private static ObjectNode encodeFrame(Frame f) {
        ObjectNode o = Json.object();
        o.put("id", f.id());
        o.put("parent", f.parentId());
        o.put("index", f.indexInParent());
        o.put("machine", f.machineKey());
        o.put("state", f.state);
        o.set("input", f.rawInput);
        o.put("entered", IsoInstant.format(f.enteredTime));
        o.put("step", f.step);
        o.put("attempt", f.attempt);
        ArrayNode retries = o.putArray("retries");
        for (int r : f.retries) {
            retries.add(r);
        }
        o.put("waiting", f.waiting.name());
        if (f.token != null) o.put("token", f.token.encode());
        if (f.timeoutTimer != null) o.put("timeoutTimer", f.timeoutTimer);
        if (f.heartbeatTimer != null) o.put("heartbeatTimer", f.heartbeatTimer);
        if (f.heartbeatSeconds != null) o.put("heartbeatSeconds", f.heartbeatSeconds);
        if (f.join != null) o.set("join", encodeJoin(f.join));
        if (f.variables != null && !f.variables.isEmpty()) {
            ObjectNode vars = o.putObject("vars");
            f.variables.forEach(vars::set);
            o.put("varBytes", f.variableBytes);
        }
        return o;
    }

    private static Frame decodeFrame(JsonNode o) {
        Frame f = new Frame(o.get("id").asInt(), o.get("parent").asInt(), o.get("index").asInt(), o.get("machine").asText());
        f.state = o.get("state").asText();
        f.rawInput = o.get("input");
        f.enteredTime = IsoInstant.parse(o.get("entered").asText());
        f.step = o.get("step").asLong();
        f.attempt = o.get("attempt").asInt();
        int[] retries = new int[o.path("retries").size()];
        for (int i = 0; i < retries.length; i++) {
            retries[i] = o.get("retries").get(i).asInt();
        }
        f.retries = retries;
        f.waiting = Frame.Waiting.valueOf(o.get("waiting").asText());
        f.token = o.has("token") ? TaskToken.decode(o.get("token").asText()) : null;
        f.timeoutTimer = text(o, "timeoutTimer");
        f.heartbeatTimer = text(o, "heartbeatTimer");
        f.heartbeatSeconds = o.has("heartbeatSeconds") ? o.get("heartbeatSeconds").asInt() : null;
        f.join = o.has("join") ? decodeJoin(o.get("join")) : null;
        if (o.has("vars")) {
            f.variables = new java.util.LinkedHashMap<>();
            o.get("vars").properties().forEach(v -> f.variables.put(v.getKey(), v.getValue()));
            f.variableBytes = o.path("varBytes").asLong();
        }
        return f;
    }

    private static ObjectNode encodeJoin(Join j) {
        ObjectNode o = Json.object();
        o.put("size", j.size());
        o.put("outstanding", j.outstanding);
        o.put("nextItem", j.nextItem);
        o.put("limit", j.limit);
        if (j.items != null) o.set("items", j.items);
        if (j.mapInput != null) o.set("mapInput", j.mapInput);
        ArrayNode done = o.putArray("results");
        for (int i = 0; i < j.results.length; i++) {
            if (j.results[i] != null) {
                done.addObject().put("i", i).set("v", j.results[i]);
            }
        }
        return o;
    }

    private static Join decodeJoin(JsonNode o) {
        Join j = new Join(o.get("size").asInt(), o.get("limit").asInt(), o.get("items"), o.get("mapInput"));
        j.outstanding = o.get("outstanding").asInt();
        j.nextItem = o.get("nextItem").asInt();
        for (JsonNode r : o.path("results")) {
            j.results[r.get("i").asInt()] = r.get("v");
        }
        return j;
    }

    private static String text(JsonNode o, String field) {
        return o.hasNonNull(field) ? o.get(field).asText() : null;
    }
}
