package io.sluice.functions.retention;

import io.sluice.orchestration.port.ExecutionSummary;
import java.util.List;

/** An execution as the archive holds it: what the store held when it left, and its whole history. */
public record ArchivedExecution(ExecutionSummary summary, long version, String state, List<String> history) {
    public ArchivedExecution {
        history = List.copyOf(history);
    }
}
