package io.sluice.orchestration.port;

import java.time.Instant;

/**
 * One run of a job as its launcher reports it.
 *
 * @param error       why the run failed (the engine's message, such as the SQL error), or {@code null}
 * @param logLocation where the run's log can be read (a file path or URL), or {@code null}
 * @param completedOn {@code null} until the run ends
 * @param rowsWritten how many rows the run wrote to its outputs, where the engine reports it; otherwise {@code null}
 */
public record JobRun(String runId, String jobName, String clientToken, State state, String error, String logLocation,
                     Instant startedOn, Instant completedOn, Long rowsWritten) {

    /** A run whose engine does not count rows. */
    public JobRun(String runId, String jobName, String clientToken, State state, String error, String logLocation,
                  Instant startedOn, Instant completedOn) {
        this(runId, jobName, clientToken, state, error, logLocation, startedOn, completedOn, null);
    }

    /** A run's lifecycle: STARTING → RUNNING → one of the terminal states. */
    public enum State {
        STARTING, RUNNING, SUCCEEDED, FAILED, STOPPED;

        public boolean terminal() {
            return this == SUCCEEDED || this == FAILED || this == STOPPED;
        }
    }

    public boolean finished() {
        return state.terminal();
    }
}
