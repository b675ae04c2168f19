package io.sluice.functions.events;

import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;

/**
 * A completion event with what its listeners need to know about the execution.
 *
 * @param pipeline  {@code null} when the execution is no longer in the store
 * @param partition the execution's partition: its input's top-level {@code partition} string, or {@code null}
 * @param execution the stored execution as it ended (input, output, times, definition), or {@code null} when it is gone
 */
public record FinishedExecution(String executionId, String pipeline, String name, String partition, ExecutionStatus status,
                                String error, String cause, Execution execution) {

    public FinishedExecution(String executionId, String pipeline, String name, String partition, ExecutionStatus status,
                             String error, String cause) {
        this(executionId, pipeline, name, partition, status, error, cause, null);
    }

    /** The field of an execution's input that names its partition (in ASL: {@code $$.Execution.Input.partition}). */
    public static final String PARTITION_FIELD = "partition";

    /** The partition an execution was started for: its input's top-level {@code partition} string, or {@code null}. */
    public static String partitionOf(com.fasterxml.jackson.databind.JsonNode input) {
        com.fasterxml.jackson.databind.JsonNode p = input == null ? null : input.get(PARTITION_FIELD);
        return p != null && p.isTextual() && !p.asText().isBlank() ? p.asText() : null;
    }

    public boolean failed() {
        return status == ExecutionStatus.FAILED || status == ExecutionStatus.TIMED_OUT;
    }
}
