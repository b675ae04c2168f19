package io.sluice.functions.orchestrator;

import io.sluice.orchestration.port.ExecutionSummary;

/** How a start request ended. Starting a name twice is an expected outcome, not an exception. */
public sealed interface StartResult {
    ExecutionSummary execution();

    /** A new execution was created. */
    record Started(ExecutionSummary execution) implements StartResult {}

    /** An execution with this name is running: that one is returned, no second run starts. */
    record AlreadyRunning(ExecutionSummary execution) implements StartResult {}

    /** An execution with this name has finished; names are not reused. */
    record NameTaken(ExecutionSummary execution) implements StartResult {
        public String message() {
            return "An execution named '" + execution.name() + "' of pipeline '" + execution.pipeline() + "' already ran and ended "
                    + execution.status() + "; choose another name, or redrive it.";
        }
    }
}
