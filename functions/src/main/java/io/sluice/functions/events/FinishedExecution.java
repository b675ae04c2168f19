package io.sluice.functions.events;

import io.sluice.orchestration.engine.ExecutionStatus;

/**
 * A completion event with what its listeners need to know about the execution.
 *
 * @param pipeline  {@code null} when the execution is no longer in the store
 * @param partition the execution's partition: its input's top-level {@code partition} string, or {@code null}
 */
public record FinishedExecution(String executionId, String pipeline, String name, String partition, ExecutionStatus status,
                                String error, String cause) {

    /** The field of an execution's input that names its partition (in ASL: {@code $$.Execution.Input.partition}). */
    public static final String PARTITION_FIELD = "partition";

    public boolean failed() {
        return status == ExecutionStatus.FAILED || status == ExecutionStatus.TIMED_OUT;
    }
}
