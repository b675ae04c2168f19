package io.sluice.api.port;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.start.StartOptions;
import io.sluice.functions.start.StartResult;
import java.util.Optional;

/** An {@link ExecutionControl} for tests that only read (summaries, histories, listings): every write and describe refuses. */
public abstract class ReadOnlyExecutionControl implements ExecutionControl {
    /** The executions a test lists, in any order: each list call pages them by its cursor, as a store does. */
    protected abstract java.util.List<io.sluice.orchestration.port.ExecutionSummary> listed();

    @Override
    public java.util.List<io.sluice.orchestration.port.ExecutionSummary> list(String pipeline, String status,
                                                                             io.sluice.orchestration.port.ExecutionCursor after, int limit) {
        return paged(listed().stream().filter(s -> pipeline == null || s.pipeline().equals(pipeline))
                .filter(s -> status == null || s.status().equals(status)), after, limit);
    }

    /** The page of {@code all} after {@code after}, in the listing order. */
    public static java.util.List<io.sluice.orchestration.port.ExecutionSummary> paged(
            java.util.stream.Stream<io.sluice.orchestration.port.ExecutionSummary> all, io.sluice.orchestration.port.ExecutionCursor after,
            int limit) {
        return all.filter(s -> after == null || after.precedes(s)).sorted(io.sluice.orchestration.port.ExecutionCursor.ORDER)
                .limit(limit).toList();
    }

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
