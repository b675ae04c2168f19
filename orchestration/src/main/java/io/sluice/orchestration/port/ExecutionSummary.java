package io.sluice.orchestration.port;

import java.time.Instant;

/**
 * What a store indexes about an execution, for listing and describing without loading its state.
 *
 * @param status     RUNNING, SUCCEEDED, FAILED, TIMED_OUT or ABORTED
 * @param stopTime   {@code null} while running
 */
public record ExecutionSummary(String executionId, String pipeline, String name, String status, String definitionHash,
                               Instant startTime, Instant stopTime) {}
