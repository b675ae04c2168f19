package io.sluice.functions.tenancy;

/**
 * Whose runs an execution's tasks are, as the deployment says: the host's tenancy (its tenants file), handed to the
 * worker harness, which fixes each dispatched task's {@link Owner} with it. The execution id is the runtime's word
 * ({@code <pipeline>:<name>}, from the queue message the orchestrator wrote), never a payload's.
 */
@FunctionalInterface
public interface Owners {

    /** The owner of the tasks of execution {@code executionId}. */
    Owner ofExecution(String executionId);
}
