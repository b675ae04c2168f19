package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.InProcessTasks;
import io.sluice.functions.harness.ErrorMapping;
import io.sluice.functions.harness.ReportsLater;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.function.Function;

/**
 * A host's task functions called directly, for what the Step Functions API runs whole in process (StartSyncExecution,
 * TestState): no queue and no claim, at-most-once as a synchronous express execution is. Every host (the local runtime,
 * the Lambda and Azure Functions http-api) serves them so, with the functions it has.
 */
public final class DirectTasks implements InProcessTasks {
    private final TaskFunctions functions;

    public DirectTasks(TaskFunctions functions) {
        this.functions = functions;
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        Function<JsonNode, JsonNode> function = functions.find(task.function()).orElse(null);
        if (function == null) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "No function '" + task.function() + "' runs on this host (state '"
                    + task.stateName() + "').");
        }
        TaskContext context = new TaskContext(task.token().encode(), task.token().executionId(), task.stateName(), task.pattern(),
                task.timeoutSeconds()).withResource(task.resource());
        if (task.pattern() == IntegrationPattern.WAIT_FOR_TASK_TOKEN || function instanceof ReportsLater later && later.reportsLater(context)) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "Task state '" + task.stateName() + "' waits for a callback or a child"
                    + " execution, which a run in one request cannot; start it with StartExecution instead.");
        }
        try {
            return TaskOutcome.success(function instanceof TaskAware aware ? aware.apply(task.payload(), context) : function.apply(task.payload()));
        } catch (RuntimeException e) {
            ErrorMapping m = ErrorMapping.of(e);
            return TaskOutcome.failure(m.error(), m.cause());
        }
    }
}
