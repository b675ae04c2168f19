package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.Map;

/**
 * SendTaskSuccess, SendTaskFailure and SendTaskHeartbeat for {@code .waitForTaskToken} tasks: each is handed to the
 * runtime's callback, which accepts it only while the execution waits for that very token.
 */
final class TaskOperations {
    private final ExecutionControl executions;

    TaskOperations(ExecutionControl executions) {
        this.executions = executions;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("SendTaskSuccess", this::success);
        ops.put("SendTaskFailure", this::failure);
        ops.put("SendTaskHeartbeat", this::heartbeat);
    }

    private JsonNode success(Caller caller, JsonNode request) {
        String token = token(request);
        JsonNode output = Fields.json(request, "output", SfnError.INVALID_OUTPUT);
        if (!request.hasNonNull("output")) {
            throw SfnError.MISSING_REQUIRED_PARAMETER.with("'output' is required: the task's result, as a JSON text.");
        }
        return send(caller, token, new OrchestratorMessage.TaskResult(token, output, null, null));
    }

    private JsonNode failure(Caller caller, JsonNode request) {
        String token = token(request);
        String error = Fields.optional(request, "error");
        String cause = Fields.optional(request, "cause");
        return send(caller, token, new OrchestratorMessage.TaskResult(token, null, error == null ? ErrorNames.TASK_FAILED : error,
                cause == null ? "" : cause));
    }

    private JsonNode heartbeat(Caller caller, JsonNode request) {
        String token = token(request);
        return send(caller, token, new OrchestratorMessage.Heartbeat(token));
    }

    private static String token(JsonNode request) {
        String text = Fields.required(request, "taskToken");
        try {
            return TaskToken.decode(text).encode();
        } catch (IllegalArgumentException e) {
            // The text is not repeated: whatever it is, it was meant as a credential.
            throw SfnError.INVALID_TOKEN.with("Invalid Token: the taskToken is not one Sluice handed out (expected the value of $$.Task.Token).");
        }
    }

    private JsonNode send(Caller caller, String token, OrchestratorMessage message) {
        String executionId = message.executionId();
        ExecutionSummary s = executions.summary(executionId).filter(x -> caller.sees(x.pipeline())).orElse(null);
        if (s == null) {
            throw SfnError.TASK_DOES_NOT_EXIST.with("Task Does Not Exist: no execution waits for that task token.");
        }
        Access.mayChange(caller);
        return switch (executions.callback(token, message)) {
            case ExecutionControl.Change.Done done -> Fields.object();
            case ExecutionControl.Change.Refused refused -> throw refused.summary().status().equals("TIMED_OUT")
                    ? SfnError.TASK_TIMED_OUT.with("Task Timed Out: the execution of that task timed out.")
                    : SfnError.TASK_DOES_NOT_EXIST.with("Task Does Not Exist: " + refused.reason());
            case ExecutionControl.Change.NotFound nf -> throw SfnError.TASK_DOES_NOT_EXIST.with("Task Does Not Exist: no execution waits"
                    + " for that task token.");
        };
    }
}
