package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.StartResult;
import io.sluice.orchestration.definition.Definition;
import java.util.Optional;
import java.util.function.Function;

/**
 * Starts executions through {@link Orchestrator#start}, which is idempotent by execution name: a
 * second start of a name returns the existing execution, which is reported as {@link AlreadyExists}.
 * {@code pipelines} gives the current definition of a pipeline id; a pipeline it does not know is
 * refused, not retried.
 */
public final class OrchestratorExecutionStarter implements ExecutionStarter {
    private final Orchestrator orchestrator;
    private final Function<String, Optional<Definition>> pipelines;

    public OrchestratorExecutionStarter(Orchestrator orchestrator, Function<String, Optional<Definition>> pipelines) {
        this.orchestrator = orchestrator;
        this.pipelines = pipelines;
    }

    @Override
    public StartOutcome start(String pipeline, String executionName, JsonNode input) {
        Optional<Definition> definition = pipelines.apply(pipeline);
        if (definition.isEmpty()) {
            return new Refused("no pipeline " + pipeline + " is deployed");
        }
        return orchestrator.start(pipeline, executionName, definition.get(), input) instanceof StartResult.Started
                ? new Started() : new AlreadyExists();
    }
}
