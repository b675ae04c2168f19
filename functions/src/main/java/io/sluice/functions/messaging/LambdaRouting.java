package io.sluice.functions.messaging;

import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.integration.LambdaCall;
import java.util.Optional;
import java.util.Set;

/**
 * Where a Task that calls a Lambda function ({@code lambda:invoke}, or a Lambda ARN as its Resource) runs: by default in
 * the function of that name, on its own task queue, as every task does (a bundle function, a mapped one). A host whose
 * deployment has task queues only for its own functions (the AWS host: the Terraform module's {@code task_functions})
 * routes a call of any other function to the {@value TaskResource#INTEGRATIONS_FUNCTION} function instead, with the
 * call as its parameters ({@link LambdaCall#parameters()}), which calls it through Lambda's Invoke API.
 */
public final class LambdaRouting {
    /** Every function runs on its own queue: what hosts that make a queue for any name (Redis, the local runtime) do. */
    public static final LambdaRouting BY_NAME = new LambdaRouting(null);

    private final Set<String> hostFunctions;

    private LambdaRouting(Set<String> hostFunctions) {
        this.hostFunctions = hostFunctions;
    }

    /** A Lambda call of a function not in {@code hostFunctions} goes to {@value TaskResource#INTEGRATIONS_FUNCTION}, if that is one of them. */
    public static LambdaRouting outside(Set<String> hostFunctions) {
        return new LambdaRouting(Set.copyOf(hostFunctions));
    }

    /** {@code task} as it is, or re-addressed to {@value TaskResource#INTEGRATIONS_FUNCTION} when it calls a Lambda function this host does not have. */
    public DispatchTask route(DispatchTask task) {
        return remote(task).map(call -> toIntegrations(task, call)).orElse(task);
    }

    /** {@code task} addressed to {@value TaskResource#INTEGRATIONS_FUNCTION}, with {@code call} as its parameters. */
    public static DispatchTask toIntegrations(DispatchTask task, LambdaCall call) {
        return new DispatchTask(task.token(), task.resource(), TaskResource.INTEGRATIONS_FUNCTION, task.pattern(), call.parameters(),
                task.stateName(), task.attempt(), task.timeoutSeconds(), task.heartbeatSeconds(), task.heartbeatTimerId(), task.credentials(), null);
    }

    /** The call {@code task} makes of a Lambda function outside this host's functions, if it makes one. */
    public Optional<LambdaCall> remote(DispatchTask task) {
        if (hostFunctions == null || task.function() == null || hostFunctions.contains(task.function())
                || !hostFunctions.contains(TaskResource.INTEGRATIONS_FUNCTION)) {
            return Optional.empty();
        }
        return LambdaCall.of(task);
    }
}
