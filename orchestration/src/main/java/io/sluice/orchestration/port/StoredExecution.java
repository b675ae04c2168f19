package io.sluice.orchestration.port;

import java.util.List;

/**
 * An execution as stored: its summary, its engine state (JSON text, opaque to the store), the
 * commands committed but not yet acknowledged as sent (the outbox), and its version.
 */
public record StoredExecution(ExecutionSummary summary, String state, List<String> outbox, long version) {
    public StoredExecution {
        outbox = List.copyOf(outbox);
    }

    /**
     * Whether this is the stub of an execution asleep in the object store ({@link ExecutionStubs}): its summary and
     * version are real, its state is empty.
     */
    public boolean stub() {
        return state.isEmpty();
    }
}
