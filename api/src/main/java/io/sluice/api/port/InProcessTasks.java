package io.sluice.api.port;

import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.express.TaskInvoker;

/**
 * The host's task functions, called in the API's own process, for what runs a state machine whole there:
 * {@code StartSyncExecution} of an EXPRESS machine and {@code TestState}. Each run gets an invoker bound to its owner,
 * which the API fixes from the authenticated caller, so a task reaches only the caller's tenant's data. A task that would
 * wait for a callback cannot run so and fails with {@code States.Runtime}, saying why.
 */
public interface InProcessTasks {

    /** The functions, as a run of {@code owner} calls them. */
    TaskInvoker forRun(Owner owner);
}
