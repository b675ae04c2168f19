package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where durable executions live. Every change is one atomic compare-and-set on the execution's
 * version that writes state, history and outbox together, so a crash leaves either the old or the
 * new execution, never half of each.
 */
public interface ExecutionStore {

    Optional<StoredExecution> load(String executionId);

    /** Stores a transition if the execution is still at {@code commit.expectedVersion()}. */
    CommitResult commit(Commit commit);

    /**
     * Clears the outbox once its commands were sent, if the execution is still at {@code version}
     * (a newer commit has its own outbox). Returns whether it cleared.
     */
    boolean clearOutbox(String executionId, long version);

    /** Executions whose outbox was committed at or before {@code committedBefore} and is still not cleared: the sweeper re-sends them. */
    List<String> pendingOutboxes(Instant committedBefore, int limit);

    /** History lines from {@code fromIndex} (0-based), at most {@code limit}. */
    List<String> history(String executionId, int fromIndex, int limit);

    /** Newest first; {@code pipeline} and {@code status} may be {@code null} for any. */
    List<ExecutionSummary> list(String pipeline, String status, int limit);
}
