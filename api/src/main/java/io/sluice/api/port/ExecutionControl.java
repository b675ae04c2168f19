package io.sluice.api.port;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.List;
import java.util.Optional;

/**
 * What the HTTP API does to executions; the host implements it over its runtime (the local one
 * applies stops and redrives right away, a cloud host may queue them). Whether a caller may see or
 * change an execution is decided by the API before it calls here.
 */
public interface ExecutionControl {

    /**
     * An execution with its engine state, for describing it; {@code archived} when it was read from the archive;
     * {@code priority} the channel it runs on ({@code P0}..{@code P3}, given at start or declared by its pipeline);
     * {@code startedThrough} the qualifier of the version or alias ARN it was started through, or {@code null}
     * ({@link StateMachineVersions#start(String, String, String, JsonNode, String)}); {@code asleep} when it sleeps in the
     * object store while it waits ({@code io.sluice.functions.hibernate}), as read, at no extra cost.
     */
    record Described(ExecutionSummary summary, Execution execution, boolean archived, String priority, String startedThrough,
                     boolean asleep) {
        public Described(ExecutionSummary summary, Execution execution, boolean archived, String priority, String startedThrough) {
            this(summary, execution, archived, priority, startedThrough, false);
        }

        public Described(ExecutionSummary summary, Execution execution) {
            this(summary, execution, false, io.sluice.functions.priority.Priority.DEFAULT.name());
        }

        public Described(ExecutionSummary summary, Execution execution, boolean archived, String priority) {
            this(summary, execution, archived, priority, null);
        }
    }

    /** How a stop, redrive or callback request ended. */
    sealed interface Change {
        record Done(ExecutionSummary summary) implements Change {}

        record NotFound(String executionId) implements Change {}

        /** The execution is not in a status that allows the change; {@code reason} says why. */
        record Refused(ExecutionSummary summary, String reason) implements Change {}
    }

    /** Starts {@code pipeline} under {@code name} through the host's one starter, the same its triggers use. */
    StartResult start(String pipeline, String name, JsonNode input);

    /**
     * As {@link #start(String, String, JsonNode)} with start options (a priority override). Every implementation honours
     * them: Azure's control once inherited an ignoring default and dropped a start's {@code "priority": "P0"}.
     */
    StartResult start(String pipeline, String name, JsonNode input, io.sluice.functions.start.StartOptions options);

    /** The newest {@code limit}: the first page of {@link #list(String, String, ExecutionCursor, int)}. */
    default List<ExecutionSummary> list(String pipeline, String status, int limit) {
        return list(pipeline, status, null, limit);
    }

    /**
     * Up to {@code limit} executions after {@code after} ({@code null}: from the newest) in {@link ExecutionCursor#ORDER},
     * newest start first, as {@link io.sluice.orchestration.port.ExecutionStore#list(String, String, ExecutionCursor, int)}
     * pages them; {@code pipeline} and {@code status} {@code null} for any.
     */
    List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit);

    Optional<Described> describe(String executionId);

    Optional<ExecutionSummary> summary(String executionId);

    /** History lines as JSON, oldest first; empty when there is no such execution. */
    Optional<List<JsonNode>> history(String executionId, int from, int limit);

    Change stop(String executionId, String error, String cause);

    Change redrive(String executionId);

    /**
     * Hands a callback (a task result or heartbeat for {@code token}) to the orchestrator if the
     * execution waits for that very token now; otherwise it is refused, with the reason.
     */
    Change callback(String token, OrchestratorMessage message);
}
