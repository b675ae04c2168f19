package io.sluice.orchestration.port;

/** A run's state in the status table; every state but {@link #RUNNING} is final. */
public enum RunState {
    RUNNING, SUCCEEDED, FAILED, TIMED_OUT, ABORTED;

    public boolean terminal() {
        return this != RUNNING;
    }
}
