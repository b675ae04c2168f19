package io.sluice.functions.harness;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.Owners;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.engine.TaskToken;

/**
 * Which task a function is running: its token (the idempotency key of the function's effect, and
 * the callback token of a {@code .waitForTaskToken} task), the execution, how the state waits for it, and
 * whose run it is.
 *
 * <p>The {@link #owner()} — and so {@link #pipeline()} — is the host's word, never the payload's: the worker
 * harness fixes it from the execution the runtime dispatched the task for, an in-process run (TestState,
 * StartSyncExecution) from its authenticated caller. A function that looks anything up by pipeline (a config, a
 * status row, a warehouse batch, a job's arguments) takes the pipeline from here, refuses a payload that names
 * another, and resolves every name (secret, key, bucket, table) inside the owner's namespace. A context built
 * from a payload alone ({@link #fromPayload}) belongs to {@link Owner.Nobody} and touches no data.
 *
 * @param token          the task token, or {@code null} outside any execution
 * @param executionId    the execution running the task, or {@code null} outside any execution
 * @param timeoutSeconds the state's TimeoutSeconds, or {@code null}: past it the execution no longer waits for the task
 * @param resource       the state's Resource as written ({@code arn:aws:states:::sns:publish}), or {@code null} when not known:
 *                       the integrations function reads the service, action and pattern from it
 * @param credentials    the state's Credentials as computed, or {@code null}: for the host, never acted on locally
 * @param owner          whose run it is, as the host fixed it
 */
public record TaskContext(String token, String executionId, String stateName, IntegrationPattern pattern, Integer timeoutSeconds,
                          String resource, JsonNode credentials, Owner owner) {

    public TaskContext {
        if (owner == null) {
            throw new IllegalArgumentException("a task's context needs its owner (Owner.Nobody for a run without one)");
        }
    }

    /** The context of a task whose resource and credentials do not matter to its function. */
    public TaskContext(String token, String executionId, String stateName, IntegrationPattern pattern, Integer timeoutSeconds,
                       Owner owner) {
        this(token, executionId, stateName, pattern, timeoutSeconds, null, null, owner);
    }

    /** The field a payload may carry the token in, as {@code "TaskToken.$": "$$.Task.Token"}. */
    public static final String TOKEN_FIELD = "TaskToken";

    /** The context of a dispatched task: the owner is the execution's, as {@code owners} (the deployment's tenancy) says. */
    static TaskContext of(TaskMessage task, Owners owners) {
        return new TaskContext(task.token(), task.executionId(), task.stateName(), task.pattern(), task.timeoutSeconds(),
                task.resource(), task.credentials(), owners.ofExecution(task.executionId()));
    }

    /**
     * The context of a function called outside any execution, on behalf of {@code owner}: the local function emulator
     * (open only when no tenants are configured) runs as the platform, trusted to name the pipeline.
     */
    public static TaskContext outside(IntegrationPattern pattern, Owner owner) {
        return new TaskContext(null, null, null, pattern, null, null, null, owner);
    }

    /**
     * The context of a function called as a plain function, without the harness: the token is the payload's
     * {@code TaskToken} when it has one, and {@code pattern} is what the caller says. A payload is nobody's word
     * for whose run it is, so the context belongs to {@link Owner.Nobody}: the function may key its effect by the
     * token, but reaches no data. A host that knows the caller (the local emulator) says so with {@link #ownedBy}.
     */
    public static TaskContext fromPayload(JsonNode payload, IntegrationPattern pattern) {
        JsonNode token = payload == null ? null : payload.get(TOKEN_FIELD);
        Owner nobody = new Owner.Nobody("called as a plain function, outside the worker harness and any authenticated call");
        if (token == null || !token.isTextual()) {
            return outside(pattern, nobody);
        }
        TaskToken decoded = TaskToken.decode(token.asText());
        return new TaskContext(token.asText(), decoded.executionId(), null, pattern, null, null, null, nobody);
    }

    /** This context for a task of {@code resource} (tests, express invokers, the function emulator). */
    public TaskContext withResource(String resource) {
        return new TaskContext(token, executionId, stateName, pattern, timeoutSeconds, resource, credentials, owner);
    }

    /** This context on behalf of {@code owner}: for a host that authenticated the caller itself. */
    public TaskContext ownedBy(Owner owner) {
        return new TaskContext(token, executionId, stateName, pattern, timeoutSeconds, resource, credentials, owner);
    }

    /** The pipeline the run acts for, or {@code null}: outside any execution, a TestState, or nobody's run. */
    public String pipeline() {
        return owner.pipeline();
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
     * The pipeline the function acts for: the owner's. A payload field naming another pipeline is refused (it would
     * let a caller act as another pipeline, or another tenant). Only the platform's own run of no pipeline (the local
     * function emulator) takes the payload's {@code field} as given; a tenant's run of none (a TestState) and nobody's
     * run are refused.
     *
     * @throws TaskError {@code Sluice.WrongPipeline} when the payload names another pipeline; {@value Owner#NO_PIPELINE}
     *                   or {@value Owner#NO_OWNER} when the run has none to act for; {@code States.Runtime} for the
     *                   platform's run with no pipeline named
     */
    public String pipelineFor(String function, JsonNode payload, String field) {
        JsonNode named = payload == null ? null : payload.get(field);
        String given = named != null && named.isTextual() ? named.asText() : null;
        String own = owner.requirePipeline(function);
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
