package io.sluice.azure.datafactory;

import java.time.Instant;
import java.util.Map;

/**
 * A Data Factory pipeline run as the ARM API describes it ({@code PipelineRun}): its status is one of
 * {@code Queued}, {@code InProgress}, {@code Succeeded}, {@code Failed}, {@code Canceling}, {@code Cancelled}.
 */
public record PipelineRun(String runId, String pipelineName, String status, String message, Instant runStart, Instant runEnd,
                          Instant lastUpdated, Map<String, String> parameters) {
    public PipelineRun {
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
    }
}
