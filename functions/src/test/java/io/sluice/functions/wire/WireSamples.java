package io.sluice.functions.wire;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Event;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values the wire corpus ({@code src/test/resources/wire-corpus}) was recorded from, by name: every version of a
 * format encodes the same values, so every file of the corpus decodes to the sample of its name. Deterministic (a fixed
 * clock, seeded randomness), so the current writer's output can be compared with the newest version byte for byte.
 */
public final class WireSamples {
    public static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    public static final String EXECUTION = "orders:run-1";
    /** A W3C traceparent, as the messages of a traced execution carry it (issue 36). */
    public static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private static final String MAP_MACHINE = """
            {"StartAt": "Prepare", "States": {
              "Prepare": {"Type": "Pass", "Assign": {"region": "eu-west-1"}, "Next": "Fan"},
              "Fan": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 2, "End": true,
                "ItemProcessor": {"StartAt": "Load", "States": {
                  "Load": {"Type": "Task", "Resource": "sluice:function:load", "TimeoutSeconds": 300, "HeartbeatSeconds": 60,
                           "End": true}}}}}}
            """;
    private static final String PASS_MACHINE = """
            {"StartAt": "Done", "States": {"Done": {"Type": "Pass", "Result": {"rows": 3}, "End": true}}}
            """;

    /** A real token: drawn by the interpreter (seeded) for the first Map iteration of {@link #running()}. */
    public static final String TOKEN = firstDispatch().token().encode();

    private WireSamples() {}

    /** Every orchestrator message type, by the name of its corpus file. */
    public static Map<String, OrchestratorMessage> orchestratorMessages() {
        Map<String, OrchestratorMessage> m = new LinkedHashMap<>();
        m.put("task-result-succeeded", new OrchestratorMessage.TaskResult(TOKEN, Json.parse("{\"rows\":3,\"files\":[\"a.csv\"]}"), null, ""));
        m.put("task-result-failed", new OrchestratorMessage.TaskResult(TOKEN, null, "States.TaskFailed", "the warehouse said no"));
        m.put("heartbeat", new OrchestratorMessage.Heartbeat(TOKEN));
        m.put("timer", new OrchestratorMessage.TimerFired(EXECUTION, "t-4"));
        m.put("stop", new OrchestratorMessage.Stop(EXECUTION, "Operator.Stop", "stopped by hand"));
        m.put("redrive", new OrchestratorMessage.Redrive(EXECUTION));
        m.put("abandon", new OrchestratorMessage.Abandon(EXECUTION, "Sluice.PoisonMessage", "a message failed 5 times"));
        // traceparent (issue 36, tracing): an optional field every version-2 reader ignores, recorded in v2 only (it came after v1).
        m.put("task-result-traced", new OrchestratorMessage.TaskResult(TOKEN, Json.parse("{\"rows\":3}"), null, "", TRACEPARENT));
        return m;
    }

    /** Task messages: one with every optional field but the send time, one with none, one with the send time. */
    public static Map<String, TaskMessage> taskMessages() {
        Map<String, TaskMessage> m = new LinkedHashMap<>();
        Command.DispatchTask d = firstDispatch();
        m.put("full", new TaskMessage(d.token().encode(), d.resource(), d.function(), d.pattern(), d.payload(), d.stateName(), d.attempt(),
                d.timeoutSeconds(), d.heartbeatSeconds(), d.heartbeatTimerId(),
                Json.parse("{\"RoleArn\":\"arn:aws:iam::123456789012:role/loader\"}")));
        m.put("minimal", new TaskMessage(TOKEN, "sluice:function:notify", "notify", IntegrationPattern.WAIT_FOR_TASK_TOKEN,
                Json.parse("{\"to\":\"ops\"}"), "Notify", 2, null, null, null));
        // sentAt (issue 36, for the dispatch latency): an optional field every version-1 reader ignores, recorded as a sample of its own.
        m.put("dispatched", new TaskMessage(TOKEN, "sluice:function:notify", "notify", IntegrationPattern.REQUEST_RESPONSE,
                Json.parse("{\"to\":\"ops\"}"), "Notify", 0, null, null, null, null, java.time.Instant.parse("2026-12-05T09:30:00.125Z")));
        // traceparent (issue 36, tracing): optional as well, the worker's task span is the child of the span it names.
        m.put("traced", new TaskMessage(TOKEN, "sluice:function:notify", "notify", IntegrationPattern.REQUEST_RESPONSE,
                Json.parse("{\"to\":\"ops\"}"), "Notify", 1, null, null, null, null, java.time.Instant.parse("2026-12-05T09:30:00.125Z"),
                TRACEPARENT));
        return m;
    }

    /** A running execution: a variable assigned, a Map with two iterations dispatched and one of them done. */
    public static Execution running() {
        return runningTransition().execution();
    }

    /** The transition that took {@link #running()} where it is (its commands and history). */
    public static Transition runningTransition() {
        Interpreter interpreter = new Interpreter(DefinitionParser.parse(Json.parse(MAP_MACHINE)), true);
        Transition start = interpreter.start(EXECUTION, "run-1", Json.parse("{\"items\":[1,2,3]}"), T0, RandomSource.seeded(7));
        Command.DispatchTask first = dispatches(start).getFirst();
        return interpreter.apply(start.execution(), new Event.TaskSucceeded(first.token().encode(), Json.parse("{\"loaded\":1}")),
                T0.plusSeconds(42), RandomSource.seeded(8));
    }

    /** The start transition of {@link #running()}: its first commands (dispatches and timers). */
    public static Transition startTransition() {
        Interpreter interpreter = new Interpreter(DefinitionParser.parse(Json.parse(MAP_MACHINE)), true);
        return interpreter.start(EXECUTION, "run-1", Json.parse("{\"items\":[1,2,3]}"), T0, RandomSource.seeded(7));
    }

    static Command.DispatchTask firstDispatch() {
        return dispatches(startTransition()).getFirst();
    }

    private static List<Command.DispatchTask> dispatches(Transition t) {
        List<Command.DispatchTask> out = new ArrayList<>();
        for (Command c : t.commands()) {
            if (c instanceof Command.DispatchTask d) {
                out.add(d);
            }
        }
        return out;
    }

    /** A finished execution (Succeeded) and its whole history. */
    public static Transition succeeded() {
        Interpreter interpreter = new Interpreter(DefinitionParser.parse(Json.parse(PASS_MACHINE)), true);
        return interpreter.start(EXECUTION, "run-1", Json.parse("{\"day\":\"2026-03-01\"}"), T0, RandomSource.seeded(7));
    }

    /** The history of {@link #succeeded()} as stored lines. */
    public static List<String> succeededHistory() {
        return succeeded().history().stream().map(h -> Json.write(CommandCodec.encode(h))).toList();
    }

    /** The engine's commands, one of each type, as the outbox holds them. */
    public static Map<String, Command> commands() {
        Map<String, Command> m = new LinkedHashMap<>();
        m.put("dispatch", firstDispatch());
        m.put("start-timer", new Command.StartTimer("t-4", T0.plusSeconds(300), false));
        m.put("start-timer-renewable", new Command.StartTimer("t-5", T0.plusSeconds(60), true));
        m.put("cancel-timer", new Command.CancelTimer("t-4"));
        m.put("finished", new Command.ExecutionFinished(EXECUTION, ExecutionStatus.FAILED, null, "States.TaskFailed", "the warehouse said no"));
        return m;
    }

    /** Execution events on the events queue: one with every optional field, one with none. */
    public static Map<String, ExecutionEvent> executionEvents() {
        Map<String, ExecutionEvent> m = new LinkedHashMap<>();
        m.put("retried", new ExecutionEvent(EXECUTION + "/3/0", ExecutionEvent.Kind.RETRIED, EXECUTION, "orders", "2026-03-01", "RUNNING",
                "States.Timeout", "took too long", "Load", 2, T0.plusSeconds(5)));
        m.put("started", new ExecutionEvent(EXECUTION + "/1/0", ExecutionEvent.Kind.STARTED, EXECUTION, "orders", null, null, null, null,
                null, 0, T0));
        return m;
    }

    /** History line of a sample, for assertions. */
    public static HistoryEvent history(String line) {
        return CommandCodec.decodeHistory(Json.parse(line));
    }

    static JsonNode json(String text) {
        return Json.parse(text);
    }
}
