package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.PathOrIntrinsic;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskState;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;

/** The Task state: dispatch, then accept its result, failure, heartbeats and timeouts. */
final class Tasks {
    private Tasks() {}

    static void dispatch(Step s, Frame f, TaskState t) {
        TaskToken token = TaskToken.draw(s.execution.id(), f.id(), f.step(), f.attempt(), s.random);
        JsonNode ctx = t.usesContext() ? ContextObject.withTask(ContextObject.of(s, f), token) : ContextObject.ifUsed(s, f, false);
        JsonNode effective = t.inputPath().apply(f.rawInput(), ctx);
        if (t.parameters() != null) {
            effective = t.parameters().render(Dataflow.scope(s, f, effective, ctx));
        }
        TaskResource resource = t.resource();
        String function = resource.function();
        JsonNode payload = effective;
        if (resource.lambdaInvoke()) {
            function = TaskResource.lambdaFunctionName(effective.path("FunctionName").asText(null));
            if (function == null) {
                throw new AslException(ErrorNames.RUNTIME, "Task '" + t.name() + "' calls lambda:invoke but "
                        + (t.exit().jsonata() ? "Arguments" : "Parameters") + ".FunctionName '"
                        + effective.path("FunctionName").asText("") + "' names no function.");
            }
            payload = effective.has("Payload") ? effective.get("Payload") : Json.object();
        }
        Scope scope = Dataflow.scope(s, f, t.exit().jsonata() ? f.rawInput() : effective, ctx);
        String suffix = t.exit().jsonata() ? "" : "Path";
        Integer timeout = seconds(t.timeouts().timeoutSeconds(), t.timeouts().timeoutSecondsPath(), scope, "TimeoutSeconds" + suffix, t);
        Integer heartbeat = seconds(t.timeouts().heartbeatSeconds(), t.timeouts().heartbeatSecondsPath(), scope, "HeartbeatSeconds" + suffix, t);
        f.waiting = Frame.Waiting.TASK;
        f.token = token;
        f.heartbeatSeconds = heartbeat;
        if (timeout != null) {
            f.timeoutTimer = s.startTimer(f, TimerRef.Kind.TASK_TIMEOUT, s.now.plusSeconds(timeout));
        }
        if (heartbeat != null) {
            f.heartbeatTimer = s.startTimer(f, TimerRef.Kind.HEARTBEAT, s.now.plusSeconds(heartbeat));
        }
        s.commands.add(new Command.DispatchTask(token, resource.raw(), function, resource.pattern(), payload, t.name(), f.attempt(), timeout,
                heartbeat, f.heartbeatTimer));
        if (s.recording()) {
            ObjectNode detail = Step.detail("payload", payload);
            detail.put("function", function);
            detail.put("token", token.encode());
            s.record(Type.TASK_SCHEDULED, f, t.name(), detail);
        }
    }

    static void succeeded(Step s, Frame f, TaskState t, JsonNode output) {
        s.cancelFrameTimers(f);
        if (s.recording()) {
            s.record(Type.TASK_SUCCEEDED, f, t.name(), Step.detail("output", output));
        }
        JsonNode result = output == null ? Json.NODES.nullNode() : output;
        if (t.resource().lambdaInvoke() && t.resource().pattern() == TaskResource.IntegrationPattern.REQUEST_RESPONSE) {
            result = lambdaInvokeEnvelope(result);
        }
        try {
            JsonNode ctx = ContextObject.ifUsed(s, f, t.usesContext());
            Flow.exit(s, f, t.next(), Dataflow.withResult(s, f, t.name(), t.exit(), t.result(), result, ctx));
        } catch (AslException e) {
            Errors.stateFailed(s, f, t, e.error(), e.cause());
        }
    }

    static void failed(Step s, Frame f, TaskState t, String error, String cause) {
        if (s.recording()) {
            s.record(Type.TASK_FAILED, f, t.name(), Step.errorDetail(error, cause));
        }
        Errors.stateFailed(s, f, t, error, cause);
    }

    static void heartbeat(Step s, Frame f) {
        if (f.heartbeatSeconds == null) {
            return;
        }
        s.moveTimer(f.heartbeatTimer, s.now.plusSeconds(f.heartbeatSeconds));
    }

    static void timedOut(Step s, Frame f, TaskState t, boolean heartbeat) {
        String error = heartbeat ? ErrorNames.HEARTBEAT_TIMEOUT : ErrorNames.TIMEOUT;
        String cause = heartbeat ? "Task '" + t.name() + "' sent no heartbeat within " + f.heartbeatSeconds + " seconds."
                : "Task '" + t.name() + "' did not finish within its TimeoutSeconds.";
        if (s.recording()) {
            s.record(Type.TASK_TIMED_OUT, f, t.name(), Step.errorDetail(error, cause));
        }
        Errors.stateFailed(s, f, t, error, cause);
    }

    /** What Step Functions' lambda:invoke integration returns around the function's result. */
    static JsonNode lambdaInvokeEnvelope(JsonNode payload) {
        ObjectNode envelope = Json.object();
        envelope.put("ExecutedVersion", "$LATEST");
        envelope.set("Payload", payload);
        envelope.put("StatusCode", 200);
        return envelope;
    }

    private static Integer seconds(Integer literal, PathOrIntrinsic path, Scope scope, String field, TaskState t) {
        if (literal != null || path == null) {
            return literal;
        }
        JsonNode v = path.select(scope);
        if (v == null || !v.isIntegralNumber() || v.asLong() <= 0 || v.asLong() > Integer.MAX_VALUE) {
            throw new AslException(ErrorNames.RUNTIME, field + " '" + path.text() + "' of Task '" + t.name()
                    + "' must select a positive integer, found " + Json.typeName(v) + ".");
        }
        return v.asInt();
    }
}
