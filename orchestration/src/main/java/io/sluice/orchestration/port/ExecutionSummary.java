package io.sluice.orchestration.port;

import java.time.Instant;

/**
 * What a store indexes about an execution, for listing and describing without loading its state.
 *
 * @param status     RUNNING, SUCCEEDED, FAILED, TIMED_OUT or ABORTED
 * @param stopTime   {@code null} while running
 * @param partition  the partition the execution was started for (its input's top-level {@code partition}), or
 *                   {@code null}: none, or stored before summaries carried it
 */
public record ExecutionSummary(String executionId, String pipeline, String name, String status, String definitionHash,
                               Instant startTime, Instant stopTime, String partition) {

    /** A summary without a partition. */
    public ExecutionSummary(String executionId, String pipeline, String name, String status, String definitionHash,
                            Instant startTime, Instant stopTime) {
        this(executionId, pipeline, name, status, definitionHash, startTime, stopTime, null);
    }
}
