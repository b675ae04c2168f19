package io.sluice.local.app;

import io.sluice.functions.events.FinishedExecution;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A completion handler of the tests: ordered after the app's own, so once it has seen an execution's
 * completion, the upstream trigger has handled it too.
 */
final class CompletionRecorder implements Consumer<FinishedExecution> {
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    @Override
    public void accept(FinishedExecution e) {
        seen.add(e.executionId());
    }

    boolean saw(String executionId) {
        return seen.contains(executionId);
    }
}
