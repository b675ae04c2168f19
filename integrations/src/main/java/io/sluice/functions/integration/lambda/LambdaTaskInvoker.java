package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.integration.LambdaInvoke;
import java.util.Optional;

/**
 * Runs in-process the Task states that call a mapped Lambda function ({@code arn:aws:lambda:...:function:f},
 * {@code lambda:invoke} with {@code FunctionName} f, or {@code sluice:function:f}), wrapping a {@code lambda:invoke}
 * result as Step Functions does; every other task goes to {@code otherwise}. What {@code sluice exec} runs tasks with.
 */
public final class LambdaTaskInvoker implements TaskInvoker {
    private final LocalLambdas lambdas;
    private final TaskInvoker otherwise;

    public LambdaTaskInvoker(LocalLambdas lambdas, TaskInvoker otherwise) {
        this.lambdas = lambdas;
        this.otherwise = otherwise;
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        Optional<TaskResource> resource = TaskResource.read(task.resource());
        boolean callsFunction = resource.map(r -> r.kind() == TaskResource.Kind.FUNCTION || r.lambdaInvoke()).orElse(false);
        if (!callsFunction || task.function() == null || lambdas.mappings().target(task.function()).isEmpty()
                || task.pattern() != TaskResource.IntegrationPattern.REQUEST_RESPONSE) {
            return otherwise.invoke(task);
        }
        try {
            JsonNode result = lambdas.invoke(task.function(), task.payload());
            return TaskOutcome.success(resource.get().lambdaInvoke() ? LambdaInvoke.response(result) : result);
        } catch (TaskError e) {
            return TaskOutcome.failure(e.errorName(), e.getMessage());
        }
    }

    /** Whether {@code task} calls a Lambda function (by ARN or {@code lambda:invoke}), so an unmapped one is worth a hint. */
    public static boolean callsLambda(DispatchTask task) {
        return task.function() != null && TaskResource.read(task.resource())
                .map(r -> r.lambdaInvoke() || r.kind() == TaskResource.Kind.FUNCTION && !task.resource().startsWith("sluice:")).orElse(false);
    }
}
