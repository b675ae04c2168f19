package io.sluice.aws.glue;

import io.sluice.orchestration.port.JobRun;
import software.amazon.awssdk.services.glue.model.JobRunState;

/** Glue's job runs as the port's {@link JobRun}. */
final class GlueRuns {
    /** The run argument that carries the client token: Glue has no client token of its own. */
    static final String TOKEN_ARGUMENT = "--sluice-task-token";

    private GlueRuns() {}

    static JobRun of(software.amazon.awssdk.services.glue.model.JobRun run) {
        JobRun.State state = state(run.jobRunState());
        String error = run.errorMessage();
        if (run.jobRunState() == JobRunState.TIMEOUT) {
            error = "Glue stopped the run at its timeout" + (error == null ? "" : ": " + error);
        } else if (state == JobRun.State.FAILED && error == null) {
            error = "Glue reports the run " + run.jobRunStateAsString();
        }
        String log = run.logGroupName() == null ? null : run.logGroupName() + "/" + run.id();
        return new JobRun(GlueRunId.started(run.jobName(), run.id()).value(), run.jobName(), run.arguments().get(TOKEN_ARGUMENT), state,
                error, log, run.startedOn(), state.terminal() ? run.completedOn() : null);
    }

    /**
     * Glue's states in the port's lifecycle: WAITING is still STARTING, STOPPING still RUNNING (it ends STOPPED),
     * and TIMEOUT, ERROR and EXPIRED are failures.
     */
    static JobRun.State state(JobRunState state) {
        if (state == null) {
            return JobRun.State.STARTING;
        }
        return switch (state) {
            case STARTING, WAITING -> JobRun.State.STARTING;
            case RUNNING, STOPPING -> JobRun.State.RUNNING;
            case SUCCEEDED -> JobRun.State.SUCCEEDED;
            case STOPPED -> JobRun.State.STOPPED;
            case FAILED, TIMEOUT, ERROR, EXPIRED -> JobRun.State.FAILED;
            default -> JobRun.State.RUNNING;
        };
    }
}
