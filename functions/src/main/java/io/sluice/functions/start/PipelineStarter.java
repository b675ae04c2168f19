package io.sluice.functions.start;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import java.util.logging.Logger;

/**
 * Starts a pipeline's current definition through the orchestrator's idempotent start; a pipeline
 * that is not deployed or not valid is {@link StartResult.Refused refused}, not retried.
 */
public final class PipelineStarter implements ExecutionStarter {
    private static final Logger LOG = Logger.getLogger(PipelineStarter.class.getName());

    /** The orchestrator's start ({@code Orchestrator::start}), or a host's wrapper around it. */
    @FunctionalInterface
    public interface Launch {
        StartResult start(String pipeline, String executionName, Definition definition, JsonNode input);
    }

    private final Launch launch;
    private final PipelineDefinitions pipelines;

    public PipelineStarter(Launch launch, PipelineDefinitions pipelines) {
        this.launch = launch;
        this.pipelines = pipelines;
    }

    @Override
    public StartResult start(String pipeline, String executionName, JsonNode input) {
        return switch (pipelines.find(pipeline)) {
            case PipelineDefinitions.Lookup.Found f -> launch.start(pipeline, executionName, f.definition(), input);
            case PipelineDefinitions.Lookup.Unavailable u -> {
                LOG.warning(() -> "not starting " + pipeline + ":" + executionName + ": " + u.reason());
                yield new StartResult.Refused(pipeline, u.reason());
            }
        };
    }
}
