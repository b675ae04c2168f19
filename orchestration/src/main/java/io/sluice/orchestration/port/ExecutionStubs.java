package io.sluice.orchestration.port;

import java.util.List;

/**
 * What an execution store offers so a waiting execution can sleep elsewhere (the object store): it swaps the
 * execution's state and history for a stub that keeps its summary, version and index entries, and swaps them back.
 * A stub {@link ExecutionStore#load loads} as a {@link StoredExecution#stub()} (empty state, no outbox), lists as the
 * execution it stands for, and refuses {@link ExecutionStore#commit} (a {@link CommitResult.Conflict} at its version):
 * whoever means to change it {@link #restore}s it first.
 */
public interface ExecutionStubs {

    /**
     * Replaces the execution's state and history by a stub, if it is at {@code version}, running, not a stub already and
     * has no unsent outbox. Returns whether it did.
     */
    boolean stub(String executionId, long version);

    /**
     * The execution's history as the store keeps it (a long line may be a reference to an object the store wrote), what
     * a sleep puts in its object so that neither the sleep nor the wake reads or writes those objects again.
     */
    List<String> storedHistory(String executionId);

    /** The lines themselves for {@code stored}, some or all of what {@link #storedHistory} gave for the execution. */
    List<String> resolve(String executionId, List<String> stored);

    /**
     * Puts {@code state} and {@code history} (as {@link #storedHistory} gave it; lines read back resolved are taken too)
     * back in place of the stub of the execution {@code summary} describes (as
     * its stub {@link ExecutionStore#load loaded}), if it is a stub at {@code version}. Returns whether it did (false:
     * someone else restored it first, or it is gone).
     */
    boolean restore(ExecutionSummary summary, long version, String state, List<String> history);
}
