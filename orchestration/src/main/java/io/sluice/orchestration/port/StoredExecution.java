package io.sluice.orchestration.port;

import java.util.List;

/**
 * An execution as stored: its summary, its engine state (JSON text, opaque to the store), the
 * commands committed but not yet acknowledged as sent (the outbox), and its version.
 *
 * @param asleep whether the state was read from the object store the execution sleeps in, the store holding only its
 *               stub (a store that can put executions to sleep says so as it reads, so a view can show it at no cost)
 */
public record StoredExecution(ExecutionSummary summary, String state, List<String> outbox, long version, boolean asleep) {
    public StoredExecution {
        outbox = List.copyOf(outbox);
    }

    /** An execution as its store holds it (not read from a sleep object). */
    public StoredExecution(ExecutionSummary summary, String state, List<String> outbox, long version) {
        this(summary, state, outbox, version, false);
    }

    /**
     * Whether this is the stub of an execution asleep in the object store ({@link ExecutionStubs}): its summary and
     * version are real, its state is empty.
     */
    public boolean stub() {
        return state.isEmpty();
    }

    /** This execution, read from the object store it sleeps in. */
    public StoredExecution readAsleep() {
        return new StoredExecution(summary, state, outbox, version, true);
    }
}
