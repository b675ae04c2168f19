package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;

/**
 * One transition to store atomically: the new summary and state, the history lines it adds, and
 * the commands to carry out after it (they replace the outbox). {@code expectedVersion} is the
 * version the transition was computed from; {@code 0} creates the execution.
 *
 * @param retainUntil when a finished execution may leave the store ({@link ExecutionStore#expired});
 *                    {@code null} while it runs, or to keep it
 */
public record Commit(ExecutionSummary summary, String state, List<String> history, List<String> outbox,
                     long expectedVersion, Instant at, Instant retainUntil) {
    public Commit {
        history = List.copyOf(history);
        outbox = List.copyOf(outbox);
    }

    /** A commit that keeps the execution (no retention deadline). */
    public Commit(ExecutionSummary summary, String state, List<String> history, List<String> outbox, long expectedVersion, Instant at) {
        this(summary, state, history, outbox, expectedVersion, at, null);
    }

    public String executionId() {
        return summary.executionId();
    }
}
