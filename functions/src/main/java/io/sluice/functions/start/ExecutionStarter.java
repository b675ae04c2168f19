package io.sluice.functions.start;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The one way to start an execution of a deployed pipeline, idempotently by name: starting a name
 * that exists starts nothing and says so. HTTP, schedules, object events and upstream completion all
 * start through it; {@link PipelineStarter} is the one every host wires. Throws when the start cannot
 * be made now (a store is down), so the caller retries.
 */
@FunctionalInterface
public interface ExecutionStarter {
    StartResult start(String pipeline, String executionName, JsonNode input);

    /**
     * As {@link #start(String, String, JsonNode)}, with start options (a priority override). A starter that
     * knows no options starts with the pipeline's own ({@link PipelineStarter} applies them).
     */
    default StartResult start(String pipeline, String executionName, JsonNode input, StartOptions options) {
        return start(pipeline, executionName, input);
    }
}
