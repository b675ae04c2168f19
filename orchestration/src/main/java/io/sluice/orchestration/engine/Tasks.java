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
        JsonNode effective = t.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        // Credentials read what Parameters read: the input after InputPath (JSONata: the state's input).
        JsonNode credentials = t.credentials() == null ? null
                : t.credentials().render(Dataflow.scope(s, f, t.exit().jsonata() ? f.rawInput() : effective, ctx));
        if (t.parameters() != null) {
            effective = t.parameters().render(Dataflow.scope(s, f, effective, ctx));
        }
        PayloadLimit.check(effective, () -> "the input of Task state '" + t.name() + "' after " + (t.exit().jsonata() ? "Arguments" : "Parameters"));
        TaskResource resource = t.resource();
        String function = resource.function();
        JsonNode payload = effective;
        JsonNode lambdaParameters = null;
        if (resource.lambdaInvoke()) {
            // A name that is no function (a ${Placeholder} left by SAM, say) is not the engine's to refuse: a mock
            // answers the state whatever it names, and a host fails it with a named error.
            function = TaskResource.lambdaFunctionName(effective.path("FunctionName").asText(null));
            payload = effective.has("Payload") ? effective.get("Payload") : Json.object();
            if (effective.isObject()) {
                ObjectNode rest = ((ObjectNode) effective).deepCopy();
                rest.remove("Payload");
                lambdaParameters = rest;
            }
        } else if (resource.kind() == TaskResource.Kind.SERVICE_INTEGRATION && function == null) {
            // Every service integration goes to the integration registry, but states:startExecution: a child execution.
            function = TaskResource.INTEGRATIONS_FUNCTION;
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
                heartbeat, f.heartbeatTimer, credentials, lambdaParameters));
        ServiceEvents.taskDispatched(s, resource.pattern());
        if (s.recording()) {
            ObjectNode detail = Step.detail("payload", payload);
            detail.put("function", function);
            detail.put("token", token.encode());
            if (lambdaParameters != null) {
                detail.set("lambdaParameters", lambdaParameters);
            }
            s.record(Type.TASK_SCHEDULED, f, t.name(), detail);
        }
    }

    static void succeeded(Step s, Frame f, TaskState t, JsonNode output) {
        s.cancelFrameTimers(f);
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.TASK_SUCCEEDED, f, t.name(), Step.detail("output", output));
        }
        // The result is the integration's response as its host gives it (for lambda:invoke, the harness wraps the
        // function's result as Step Functions does; a mock gives the whole response as mocked).
        JsonNode result = output == null ? Json.NODES.nullNode() : output;
        if (PayloadLimit.exceeds(result)) {
            // AWS fails the task, not the state: its Retry and Catch see it (ErrorNames.isTerminal(error, true)).
            Errors.taskFailed(s, f, t, ErrorNames.DATA_LIMIT_EXCEEDED, "The state/task '" + t.resource().serviceAction()
                    .map(TaskResource.ServiceAction::service).orElse(t.resource().raw())
                    + "' returned a result with a size exceeding the maximum number of bytes service limit.");
            return;
        }
        try {
            JsonNode ctx = ContextObject.ifUsed(s, f, t.usesContext());
            Flow.exit(s, f, t.next(), Dataflow.withResult(s, f, t.name(), t.exit(), t.result(), result, ctx));
        } catch (AslException e) {
            Errors.raised(s, f, t, e);
        }
    }

    static void failed(Step s, Frame f, TaskState t, String error, String cause) {
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.TASK_FAILED, f, t.name(), Step.errorDetail(error, cause));
        }
        Errors.taskFailed(s, f, t, error, cause);
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
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.TASK_TIMED_OUT, f, t.name(), Step.errorDetail(error, cause));
        }
        Errors.stateFailed(s, f, t, error, cause);
    }

    private static Integer seconds(Integer literal, PathOrIntrinsic path, Scope scope, String field, TaskState t) {
        if (literal != null || path == null) {
            return literal;
        }
        JsonNode v = path.select(scope);
        if (v == null || !v.isIntegralNumber() || v.asLong() <= 0 || v.asLong() > Integer.MAX_VALUE) {
            // JSONata: a value of the wrong type is the expression's failure, which Catch can handle (as on AWS).
            throw new AslException(t.exit().jsonata() ? ErrorNames.QUERY_EVALUATION_ERROR : ErrorNames.RUNTIME, field + " '" + path.text() + "' of Task '" + t.name()
                    + "' must select a positive integer, found " + Json.typeName(v) + ".");
        }
        return v.asInt();
    }
}
