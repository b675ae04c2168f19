package io.sluice.orchestration.engine;

/** The lifecycle of an execution, as in Step Functions. */
public enum ExecutionStatus {
    RUNNING,
    SUCCEEDED,
    FAILED,
    TIMED_OUT,
    ABORTED;

    public boolean isTerminal() {
        return this != RUNNING;
    }
}
