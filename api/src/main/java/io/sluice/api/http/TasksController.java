package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Callbacks for {@code .waitForTaskToken} tasks, as Step Functions' SendTaskSuccess, SendTaskFailure
 * and SendTaskHeartbeat: each becomes a message on the orchestrator's queue. 202: queued; 409 when the
 * execution does not wait for that token (too early, too late, or ended); 404 when the caller does not
 * see the execution.
 */
@RestController
class TasksController {
    private final ExecutionControl executions;

    TasksController(ExecutionControl executions) {
        this.executions = executions;
    }

    /** The body is the task's output (any JSON; empty for {@code {}}). */
    @PostMapping("/v1/tasks/{token}/success")
    ResponseEntity<?> success(@PathVariable String token, Caller caller, HttpServletRequest http) {
        String t = valid(token);
        JsonNode output = RequestJson.body(RequestJson.read(http));
        return queued(caller, t, new OrchestratorMessage.TaskResult(t, output, null, null));
    }

    /** Body (optional): {@code {"error": ..., "cause": ...}}; the error defaults to {@code States.TaskFailed}. */
    @PostMapping("/v1/tasks/{token}/failure")
    ResponseEntity<?> failure(@PathVariable String token, Caller caller, HttpServletRequest http) {
        String t = valid(token);
        JsonNode request = RequestJson.object(RequestJson.read(http));
        String error = RequestJson.optionalString(request, "error", 256);
        String cause = RequestJson.optionalString(request, "cause", 32_768);
        return queued(caller, t, new OrchestratorMessage.TaskResult(t, null, error == null ? ErrorNames.TASK_FAILED : error,
                cause == null ? "" : cause));
    }

    @PostMapping("/v1/tasks/{token}/heartbeat")
    ResponseEntity<?> heartbeat(@PathVariable String token, Caller caller) {
        String t = valid(token);
        return queued(caller, t, new OrchestratorMessage.Heartbeat(t));
    }

    private static String valid(String token) {
        try {
            return TaskToken.decode(token).encode();
        } catch (IllegalArgumentException e) {
            // The text is not repeated: whatever it is, it was meant as a credential.
            throw new ApiProblems.InvalidRequest("token", "a task token, as $$.Task.Token gave it to the task", null);
        }
    }

    /** 404 unless the caller sees the token's execution (as for a missing one), 403 for a reader's key. */
    private ResponseEntity<?> queued(Caller caller, String token, OrchestratorMessage message) {
        String executionId = message.executionId();
        if (!executions.summary(executionId).map(s -> caller.sees(s.pipeline())).orElse(false)) {
            return ExecutionsController.noExecution(executionId);
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; completing a task needs an operator key.");
        }
        ExecutionControl.Change change = executions.callback(token, message);
        if (change instanceof ExecutionControl.Change.Done done) {
            ObjectNode out = Json.object();
            out.put("executionId", done.summary().executionId()).put("status", "queued");
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(out);
        }
        return ExecutionsController.changed(change);
    }
}
