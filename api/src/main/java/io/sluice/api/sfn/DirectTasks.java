package io.sluice.api.sfn;

import io.sluice.api.port.InProcessTasks;
import io.sluice.functions.harness.DirectInvoker;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.orchestration.express.TaskInvoker;

/**
 * A host's task functions called directly, for what the Step Functions API runs whole in process (StartSyncExecution,
 * TestState): no queue and no claim, at-most-once as a synchronous express execution is, and every task on behalf of the
 * run's owner ({@link DirectInvoker}). Every host (the local runtime, the Lambda and Azure Functions http-api) serves them
 * so, with the functions it has.
 */
public final class DirectTasks implements InProcessTasks {
    private final TaskFunctions functions;

    public DirectTasks(TaskFunctions functions) {
        this.functions = functions;
    }

    @Override
    public TaskInvoker forRun(Owner owner) {
        return new DirectInvoker(functions, owner, "a run in one request", "start it with StartExecution instead");
    }
}
