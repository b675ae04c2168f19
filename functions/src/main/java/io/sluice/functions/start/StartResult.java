package io.sluice.functions.start;

import io.sluice.orchestration.port.ExecutionSummary;

/**
 * How a start ended, for every way of starting an execution (HTTP, schedules, object events,
 * upstream completion). Starting a name twice, or a pipeline that cannot run, is an expected
 * outcome, not an exception; an exception means "could not start now, try again" (a store is down).
 */
public sealed interface StartResult {

    /** Whether this start created the execution. */
    default boolean started() {
        return this instanceof Started;
    }

    /** An execution of the name exists after the start, new or not: what the orchestrator's own start returns. */
    sealed interface Existing extends StartResult {
        ExecutionSummary execution();
    }

    /** A new execution was created. */
    record Started(ExecutionSummary execution) implements Existing {}

    /** An execution with this name is running: that one is returned, no second run starts. */
    record AlreadyRunning(ExecutionSummary execution) implements Existing {}

    /** An execution with this name has finished; names are not reused. */
    record NameTaken(ExecutionSummary execution) implements Existing {
        public String message() {
            return "An execution named '" + execution.name() + "' of pipeline '" + execution.pipeline() + "' already ran and ended "
                    + execution.status() + "; choose another name, or redrive it.";
        }
    }

    /** It will never start, whatever is retried (the pipeline is not deployed, or invalid): {@code reason} says why. */
    record Refused(String pipeline, String reason) implements StartResult {}
}
