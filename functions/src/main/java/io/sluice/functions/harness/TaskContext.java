package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.engine.TaskToken;

/**
 * Which task a function is running: its token (the idempotency key of the function's effect, and
 * the callback token of a {@code .waitForTaskToken} task), the execution, and how the state waits for it.
 *
 * <p>The execution, and so {@link #pipeline()}, is the runtime's word, never the payload's: a function
 * that looks anything up by pipeline (a config, a status row, a warehouse batch, a job's arguments)
 * takes the pipeline from here, and refuses a payload that names another.
 *
 * @param token          the task token, or {@code null} outside any execution
 * @param executionId    the execution running the task, or {@code null} outside any execution
 * @param timeoutSeconds the state's TimeoutSeconds, or {@code null}: past it the execution no longer waits for the task
 * @param resource       the state's Resource as written ({@code arn:aws:states:::sns:publish}), or {@code null} when not known:
 *                       the integrations function reads the service, action and pattern from it
 * @param credentials    the state's Credentials as computed, or {@code null}: for the host, never acted on locally
 */
public record TaskContext(String token, String executionId, String stateName, IntegrationPattern pattern, Integer timeoutSeconds,
                          String resource, JsonNode credentials) {

    /** The context of a task whose resource and credentials do not matter to its function. */
    public TaskContext(String token, String executionId, String stateName, IntegrationPattern pattern, Integer timeoutSeconds) {
        this(token, executionId, stateName, pattern, timeoutSeconds, null, null);
    }


    /** The field a payload may carry the token in, as {@code "TaskToken.$": "$$.Task.Token"}. */
    public static final String TOKEN_FIELD = "TaskToken";

    static TaskContext of(TaskMessage task) {
        return new TaskContext(task.token(), task.executionId(), task.stateName(), task.pattern(), task.timeoutSeconds(),
                task.resource(), task.credentials());
    }

    /**
     * The context of a function called outside any execution: by a test, or by the local function
     * emulator (open only when no tenants are configured). Its caller is trusted to name the pipeline.
     */
    public static TaskContext outside(IntegrationPattern pattern) {
        return new TaskContext(null, null, null, pattern, null);
    }

    /**
     * The context of a function called without the harness (tests, the express runner): the token is
     * the payload's {@code TaskToken} when it has one, and {@code pattern} is what the caller says.
     */
    public static TaskContext fromPayload(JsonNode payload, IntegrationPattern pattern) {
        JsonNode token = payload == null ? null : payload.get(TOKEN_FIELD);
        if (token == null || !token.isTextual()) {
            return outside(pattern);
        }
        TaskToken decoded = TaskToken.decode(token.asText());
        return new TaskContext(token.asText(), decoded.executionId(), null, pattern, null);
    }

    /** This context for a task of {@code resource} (tests, express invokers, the function emulator). */
    public TaskContext withResource(String resource) {
        return new TaskContext(token, executionId, stateName, pattern, timeoutSeconds, resource, credentials);
    }

    /** The pipeline whose execution runs the task, or {@code null} outside any execution. */
    public String pipeline() {
        return executionId == null ? null : Orchestrator.pipelineOf(executionId);
    }

    /** The token, for a function whose effect is keyed by it; {@code States.Runtime} outside any execution. */
    public String requireToken(String function) {
        if (token == null) {
            throw new TaskError("States.Runtime", function + " needs its task token: run it through the worker harness, "
                    + "or pass \"TaskToken.$\": \"$$.Task.Token\" in the Task's Parameters.", false);
        }
        return token;
    }

    /**
     * The pipeline the function acts for: the execution's. A payload field naming another pipeline is
     * refused (it would let a caller act as another pipeline, or another tenant); outside any execution,
     * the payload's {@code field} is taken as given.
     *
     * @throws TaskError {@code Sluice.WrongPipeline} when the payload names another pipeline;
     *                   {@code States.Runtime} outside any execution with no pipeline named
     */
    public String pipelineFor(String function, JsonNode payload, String field) {
        JsonNode named = payload == null ? null : payload.get(field);
        String given = named != null && named.isTextual() ? named.asText() : null;
        String own = pipeline();
        if (own == null) {
            if (given == null) {
                throw new TaskError("States.Runtime", function + " needs \"" + field + "\": it runs outside any execution.", false);
            }
            return given;
        }
        if (given != null && !given.equals(own)) {
            throw new TaskError(WRONG_PIPELINE, function + " runs for pipeline '" + own + "', but its input names pipeline '"
                    + given + "'. A run acts only as its own pipeline: drop \"" + field + "\" from the Task's Parameters.", false);
        }
        return own;
    }

    /** The error of a payload that names a pipeline other than the execution's. */
    public static final String WRONG_PIPELINE = "Sluice.WrongPipeline";
}
