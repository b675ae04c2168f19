package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.TaskToken;

/**
 * Which task a function is running: its token (the idempotency key of the function's effect, and
 * the callback token of a {@code .waitForTaskToken} task) and how the state waits for it.
 *
 * @param timeoutSeconds the state's TimeoutSeconds, or {@code null}: past it the execution no longer waits for the task
 */
public record TaskContext(String token, String executionId, String stateName, IntegrationPattern pattern, Integer timeoutSeconds) {

    /** The field a payload may carry the token in, as {@code "TaskToken.$": "$$.Task.Token"}. */
    public static final String TOKEN_FIELD = "TaskToken";

    static TaskContext of(Command.DispatchTask task) {
        return new TaskContext(task.token().encode(), task.token().executionId(), task.stateName(), task.pattern(), task.timeoutSeconds());
    }

    /**
     * The context of a function called without the harness (tests, the express runner): the token is
     * the payload's {@code TaskToken}, and {@code pattern} is what the caller says.
     */
    public static TaskContext fromPayload(JsonNode payload, IntegrationPattern pattern) {
        JsonNode token = payload == null ? null : payload.get(TOKEN_FIELD);
        if (token == null || !token.isTextual()) {
            throw new TaskError("States.Runtime", "This function needs its task token: run it through the worker harness, "
                    + "or pass \"TaskToken.$\": \"$$.Task.Token\" in the Task's Parameters.", false);
        }
        TaskToken decoded = TaskToken.decode(token.asText());
        return new TaskContext(token.asText(), decoded.executionId(), null, pattern, null);
    }
}
