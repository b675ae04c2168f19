package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;

/**
 * One transition to store atomically: the new summary and state, the history lines it adds, and
 * the commands to carry out after it (they replace the outbox). {@code expectedVersion} is the
 * version the transition was computed from; {@code 0} creates the execution.
 */
public record Commit(ExecutionSummary summary, String state, List<String> history, List<String> outbox,
                     long expectedVersion, Instant at) {
    public Commit {
        history = List.copyOf(history);
        outbox = List.copyOf(outbox);
    }

    public String executionId() {
        return summary.executionId();
    }
}
