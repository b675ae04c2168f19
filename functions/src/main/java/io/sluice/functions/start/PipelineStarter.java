package io.sluice.functions.start;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.definition.Definition;
import java.util.function.Function;
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

    /** The orchestrator's start on a priority channel ({@code Orchestrator::start} with a priority). */
    @FunctionalInterface
    public interface PrioritizedLaunch {
        StartResult start(String pipeline, String executionName, Definition definition, JsonNode input, Priority priority);
    }

    /**
     * The orchestrator's start of a definition that a version or alias ARN chose ({@code Orchestrator::start} with the
     * ARN's qualifier, which the execution keeps for DescribeExecution).
     */
    @FunctionalInterface
    public interface QualifiedLaunch {
        StartResult start(String pipeline, String executionName, Definition definition, JsonNode input, String startedThrough);
    }

    private final PrioritizedLaunch launch;
    private final PipelineDefinitions pipelines;
    private final Function<String, Priority> priorityOf;

    /** A starter whose executions all run on the {@link Priority#DEFAULT} channel (the launch knows no other). */
    public PipelineStarter(Launch launch, PipelineDefinitions pipelines) {
        this((p, n, d, i, priority) -> launch.start(p, n, d, i), pipelines, p -> Priority.DEFAULT);
    }

    /** @param priorityOf a pipeline's declared priority (its options), used when a start does not override it */
    public PipelineStarter(PrioritizedLaunch launch, PipelineDefinitions pipelines, Function<String, Priority> priorityOf) {
        this.launch = launch;
        this.pipelines = pipelines;
        this.priorityOf = priorityOf;
    }

    @Override
    public StartResult start(String pipeline, String executionName, JsonNode input) {
        return start(pipeline, executionName, input, StartOptions.NONE);
    }

    @Override
    public StartResult start(String pipeline, String executionName, JsonNode input, StartOptions options) {
        return switch (pipelines.find(pipeline)) {
            case PipelineDefinitions.Lookup.Found f -> launch.start(pipeline, executionName, f.definition(), input,
                    options.priority() != null ? options.priority() : priorityOf.apply(pipeline));
            case PipelineDefinitions.Lookup.Unavailable u -> {
                LOG.warning(() -> "not starting " + pipeline + ":" + executionName + ": " + u.reason());
                yield new StartResult.Refused(pipeline, u.reason());
            }
        };
    }
}
