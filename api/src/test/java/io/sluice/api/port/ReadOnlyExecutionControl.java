package io.sluice.api.port;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.start.StartOptions;
import io.sluice.functions.start.StartResult;
import java.util.Optional;

/** An {@link ExecutionControl} for tests that only read (summaries, histories, listings): every write and describe refuses. */
public abstract class ReadOnlyExecutionControl implements ExecutionControl {
    @Override
    public StartResult start(String pipeline, String name, JsonNode input) {
        throw new UnsupportedOperationException();
    }

    @Override
    public StartResult start(String pipeline, String name, JsonNode input, StartOptions options) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<Described> describe(String executionId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Change stop(String executionId, String error, String cause) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Change redrive(String executionId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Change callback(String token, OrchestratorMessage message) {
        throw new UnsupportedOperationException();
    }
}
