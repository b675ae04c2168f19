package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.WaitState;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The Wait state: a timer, then on. */
final class Waits {
    private Waits() {}

    static void start(Step s, Frame f, WaitState w) {
        JsonNode ctx = ContextObject.ifUsed(s, f, w.usesContext());
        JsonNode effective = w.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        Instant due = dueTime(s, w, Dataflow.scope(s, f, effective, ctx));
        if (!due.isAfter(s.now)) {
            leave(s, f, w, ctx);
            return;
        }
        f.waiting = Frame.Waiting.TIMER;
        s.startTimer(f, TimerRef.Kind.WAIT, due);
        if (s.recording()) {
            s.record(Type.WAIT_STARTED, f, w.name(), Step.detail("until", Json.NODES.textNode(due.toString())));
        }
    }

    static void fired(Step s, Frame f, WaitState w) {
        try {
            leave(s, f, w, ContextObject.ifUsed(s, f, w.usesContext()));
        } catch (AslException e) {
            Errors.raised(s, f, w, e);
        }
    }

    private static void leave(Step s, Frame f, WaitState w, JsonNode ctx) {
        JsonNode effective = w.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        JsonNode output = w.outputPath().apply(effective, ctx, Variables.visible(s.execution, f));
        Flow.exit(s, f, w.next(), Dataflow.leave(s, f, w.name(), w.exit(), Dataflow.scope(s, f, effective, ctx), output));
    }

    /** A computed value of the wrong type: the expression's failure in JSONata (catchable), States.Runtime in JSONPath. */
    private static String error(WaitState w) {
        return w.exit().jsonata() ? ErrorNames.QUERY_EVALUATION_ERROR : ErrorNames.RUNTIME;
    }

    private static String field(WaitState w, String name) {
        return w.exit().jsonata() ? name : name + "Path";
    }

    private static Instant dueTime(Step s, WaitState w, Scope scope) {
        if (w.seconds() != null) {
            return s.now.plusSeconds(w.seconds());
        }
        if (w.timestamp() != null) {
            return w.timestamp();
        }
        if (w.secondsPath() != null) {
            JsonNode v = w.secondsPath().select(scope);
            if (!w.exit().jsonata()) {
                return s.now.plusSeconds(secondsFromPath(w, v));
            }
            if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 0) {
                throw new AslException(error(w), field(w, "Seconds") + " '" + w.secondsPath().text() + "' of Wait state '"
                        + w.name() + "' must select a non-negative integer, found " + Json.typeName(v) + ".");
            }
            return s.now.plusSeconds(v.asLong());
        }
        JsonNode v = w.timestampPath().select(scope);
        try {
            if (v == null || !v.isTextual()) {
                throw new DateTimeParseException("not a string", "", 0);
            }
            return OffsetDateTime.parse(v.asText()).toInstant();
        } catch (DateTimeParseException e) {
            if (!w.exit().jsonata()) {
                throw new AslException(ErrorNames.RUNTIME, "The TimestampPath parameter does not reference a valid ISO-8601 extended offset"
                        + " date-time format string: " + w.timestampPath().text() + " == " + shown(v));
            }
            throw new AslException(error(w), field(w, "Timestamp") + " '" + w.timestampPath().text() + "' of Wait state '"
                    + w.name() + "' must select an RFC 3339 timestamp such as 2026-11-29T10:00:00Z.");
        }
    }

    /**
     * SecondsPath's value, failing as AWS words it (LocalStack's aws.validated {@code test_wait.snapshot.json},
     * {@code test_logs.snapshot.json}): nothing selected, not a whole number, or below 0.
     */
    private static long secondsFromPath(WaitState w, JsonNode v) {
        String path = w.secondsPath().text();
        if (v == null || v.isMissingNode()) {
            throw new AslException(ErrorNames.RUNTIME, "The SecondsPath parameter does not reference an input value: " + path);
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new AslException(ErrorNames.RUNTIME, "The SecondsPath parameter cannot be parsed as a long value: " + path + " == " + shown(v));
        }
        if (v.asLong() < 0) {
            throw new AslException(ErrorNames.RUNTIME, "The SecondsPath parameter references a negative value: " + path + " == " + shown(v));
        }
        return v.asLong();
    }

    private static String shown(JsonNode v) {
        return v == null ? "null" : v.isTextual() ? v.asText() : Json.write(v);
    }
}
