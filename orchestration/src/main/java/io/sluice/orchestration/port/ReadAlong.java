package io.sluice.orchestration.port;

import java.util.Objects;
import java.util.Optional;

/**
 * What a receive read along with a message, in the same round trip, for the message's handler to start from
 * ({@link CoupledWrites#readOnReceive}): a task message's claim, or the execution an orchestrator message is for. A
 * queue that reads nothing along answers {@link #NOTHING}, and the handler makes the read itself. Each is what the
 * handler's own first read would have returned at the moment of the receive: the claim is held from then (the handler
 * completes, extends or releases it as its own), and the execution may have moved on since (its commit's version check
 * says so, and the handler reads it again).
 */
public sealed interface ReadAlong {
    ReadAlong NOTHING = new Nothing();

    /** Nothing was read along. */
    record Nothing() implements ReadAlong {}

    /** The task's claim, made for {@code owner} (this delivery's owner): {@link IdempotencyStore#claim}'s answer. */
    record Claim(String owner, ClaimResult result) implements ReadAlong {
        public Claim {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(result, "result");
        }
    }

    /** Execution {@code executionId}, which the message is for, as {@link ExecutionStore#load} returned it (empty: there is none). */
    record Execution(String executionId, Optional<StoredExecution> execution) implements ReadAlong {
        public Execution {
            Objects.requireNonNull(executionId, "executionId");
            Objects.requireNonNull(execution, "execution");
        }

        /** What was read, if it was read for {@code id}. */
        public Optional<Optional<StoredExecution>> of(String id) {
            return executionId.equals(id) ? Optional.of(execution) : Optional.empty();
        }
    }
}
