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

    /**
     * {@link #load}, for a caller about to {@link #commit} a change: a store that lets waiting executions sleep
     * elsewhere wakes this one first (so the commit can apply). The same as {@link #load} everywhere else.
     */
    default Optional<StoredExecution> loadForChange(String executionId) {
        return load(executionId);
    }

    /**
     * {@link #loadForChange(String)}, for a caller that has just read the execution (a receive that read along):
     * {@code justRead} itself unless it is a {@link StoredExecution#stub() stub}, which a store that wakes executions
     * wakes from without reading it again.
     */
    default Optional<StoredExecution> loadForChange(StoredExecution justRead) {
        return justRead.stub() ? loadForChange(justRead.summary().executionId()) : Optional.of(justRead);
    }

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

    /** Every history line, read {@link #history(String, int, int)} a thousand at a time. */
    default List<String> history(String executionId) {
        int page = 1000;
        List<String> all = new java.util.ArrayList<>();
        while (true) {
            List<String> lines = history(executionId, all.size(), page);
            all.addAll(lines);
            if (lines.size() < page) {
                return all;
            }
        }
    }

    /** The first page of {@link #list(String, String, ExecutionCursor, int)}: the newest {@code limit}. */
    default List<ExecutionSummary> list(String pipeline, String status, int limit) {
        return list(pipeline, status, null, limit);
    }

    /**
     * Up to {@code limit} executions that come after {@code after} ({@code null}: from the newest) in
     * {@link ExecutionCursor#ORDER}, newest start first; {@code pipeline} and {@code status} may be {@code null} for any.
     * The next page is the one after {@link ExecutionCursor#after} its last execution: paging this way reads each
     * execution once however many there are, and executions started meanwhile neither repeat nor hide older ones.
     */
    List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit);

    /**
     * Finished executions whose {@link Commit#retainUntil} is at or before {@code now}, oldest
     * deadline first, at most {@code limit}: a reaper's work costs what has expired, not what is held.
     */
    List<String> expired(Instant now, int limit);

    /**
     * Removes a finished execution — state, history, its index entries — if it is still at
     * {@code version} with its outbox sent (a redrive or a newer commit keeps it), and keeps its
     * summary as a small record until {@code nameReservedUntil}, so its name stays taken
     * ({@link #commit} of a new execution of that id conflicts) and {@link #retired} still names it.
     * Returns whether it removed.
     */
    boolean remove(String executionId, long version, Instant nameReservedUntil);

    /** The summary of an execution {@link #remove removed} while its name is still reserved. */
    Optional<ExecutionSummary> retired(String executionId);
}
