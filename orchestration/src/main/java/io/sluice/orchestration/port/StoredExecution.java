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
}
