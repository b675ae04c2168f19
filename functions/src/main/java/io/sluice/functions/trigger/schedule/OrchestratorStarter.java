package io.sluice.functions.trigger.schedule;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.port.ExecutionStore;
import java.util.Optional;
import java.util.function.Function;

/** Starts scheduled executions through the {@link Orchestrator}; the pipeline's current definition comes from {@code pipelines}. */
public final class OrchestratorStarter implements ExecutionStarter {
    private static final int RUNNING_LOOKUP = 1000;

    private final Orchestrator orchestrator;
    private final ExecutionStore store;
    private final Function<String, Optional<Definition>> pipelines;

    public OrchestratorStarter(Orchestrator orchestrator, ExecutionStore store, Function<String, Optional<Definition>> pipelines) {
        this.orchestrator = orchestrator;
        this.store = store;
        this.pipelines = pipelines;
    }

    @Override
    public Outcome start(String pipeline, String executionName, JsonNode input) {
        Optional<Definition> definition = pipelines.apply(pipeline);
        if (definition.isEmpty()) {
            return Outcome.REJECTED;
        }
        return orchestrator.start(pipeline, executionName, definition.get(), input) instanceof StartResult.Started
                ? Outcome.STARTED : Outcome.EXISTED;
    }

    @Override
    public boolean anyRunning(String pipeline, String namePrefix) {
        return store.list(pipeline, "RUNNING", RUNNING_LOOKUP).stream().anyMatch(e -> ScheduleKey.namedWith(namePrefix, e.name()));
    }
}
