package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.Objects;

/**
 * One run's row in the status table, keyed by execution id. Any field but the key, pipeline and
 * state may be {@code null}: "not known (yet)".
 *
 * @param redriveCount how often the execution was redriven; a redrive may run a finished execution again
 * @param error        the error name and cause of a failed run
 * @param configHash   the content hash of the domain config the run read
 * @param jobLogUrl    where the run's job logs are
 */
public record StatusRecord(String executionId, String pipeline, String partition, RunState state, int redriveCount,
                           Instant started, Instant ended, Long rowsIn, Long rowsOut, String error, String configHash,
                           String jobLogUrl) {
    public StatusRecord {
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(state, "state");
    }

    /**
     * Whether this write may replace {@code current}: rows move forwards only. A later redrive wins; within
     * one redrive, RUNNING may be followed by RUNNING (adding what it learnt) or by a final state, and the
     * first final state stays. So a late or duplicated RUNNING never overwrites SUCCEEDED.
     */
    public boolean replaces(StatusRecord current) {
        if (redriveCount != current.redriveCount) {
            return redriveCount > current.redriveCount;
        }
        return !current.state.terminal();
    }

    /** This write over {@code current}: its values, and {@code current}'s where this one does not know them. */
    public StatusRecord over(StatusRecord current) {
        return new StatusRecord(executionId, current.pipeline, or(partition, current.partition), state, redriveCount,
                or(started, current.started), or(ended, current.ended), or(rowsIn, current.rowsIn), or(rowsOut, current.rowsOut),
                or(error, current.error), or(configHash, current.configHash), or(jobLogUrl, current.jobLogUrl));
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
