package io.sluice.functions.harness;

import io.sluice.functions.tenancy.Owner;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.LambdaInvoke;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.functions.messaging.LambdaRouting;
import io.sluice.orchestration.integration.LambdaCall;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bundle's task functions called directly, in this process, for a run of one {@link Owner}: what runs a state
 * machine whole in one place (StartSyncExecution and TestState in the API, a distributed Map's EXPRESS children). No
 * queue and no claim: at-most-once, as a synchronous express execution is. Every task gets the owner its run was given
 * by the host, never one derived from the token or the payload. A task that would wait for a callback or a child
 * execution cannot run so and fails with {@code States.Runtime}, saying why and what to do ({@code instead}).
 */
public final class DirectInvoker implements TaskInvoker {
    private final TaskFunctions functions;
    private final Owner owner;
    private final String where;
    private final String instead;

    /**
     * @param where   the run, as a phrase for errors: "a run in one request"
     * @param instead what to do about a task that would wait: "start it with StartExecution instead"
     */
    public DirectInvoker(TaskFunctions functions, Owner owner, String where, String instead) {
        this.functions = functions;
        this.owner = owner;
        this.where = where;
        this.instead = instead;
    }

    @Override
    public TaskOutcome invoke(DispatchTask call) {
        DispatchTask task = call;
        Function<JsonNode, JsonNode> function = functions.find(task.function()).orElse(null);
        Optional<LambdaCall> remote = function == null ? LambdaCall.of(task) : Optional.empty();
        Function<JsonNode, JsonNode> integrations = functions.find(TaskResource.INTEGRATIONS_FUNCTION).orElse(null);
        if (remote.isPresent() && integrations != null) {
            // A Lambda function outside the bundle: the integrations function calls it, where its host can (AWS), as queued tasks do.
            task = LambdaRouting.toIntegrations(task, remote.get());
            function = integrations;
        }
        if (function == null) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "No function '" + task.function() + "' runs on this host (state '"
                    + task.stateName() + "').");
        }
        TaskContext context = new TaskContext(task.token().encode(), task.token().executionId(), task.stateName(), task.pattern(),
                task.timeoutSeconds(), task.resource(), null, owner);
        if (task.pattern() == IntegrationPattern.WAIT_FOR_TASK_TOKEN || function instanceof ReportsLater later && later.reportsLater(context)) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "Task state '" + task.stateName() + "' waits for a callback or a child"
                    + " execution, which " + where + " cannot; " + instead + ".");
        }
        try {
            JsonNode output = function instanceof TaskAware aware ? aware.apply(task.payload(), context) : function.apply(task.payload());
            // As the worker harness does: what Step Functions' lambda:invoke integration returns around the function's result.
            return TaskOutcome.success(LambdaInvoke.wrapsResult(task.resource(), task.function()) ? LambdaInvoke.response(output) : output);
        } catch (RuntimeException e) {
            ErrorMapping m = ErrorMapping.of(e);
            return TaskOutcome.failure(m.error(), m.cause());
        }
    }
}
