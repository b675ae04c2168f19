package io.sluice.functions.retention;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StoredExecution;
import java.util.List;
import java.util.Optional;

/**
 * Reads an execution wherever it is now: in the execution store while it is held there, else in the
 * archive (found through its retired record, which names it while its name is reserved). Every host's
 * API reads through this, so an execution that left Redis stays readable, marked {@code archived}.
 */
public final class ExecutionReads {
    private final ExecutionStore store;
    private final ExecutionArchive archive;

    /** @param archive {@code null} on a host without an archive: then reads see the store only */
    public ExecutionReads(ExecutionStore store, ExecutionArchive archive) {
        this.store = store;
        this.archive = archive;
    }

    /**
     * An execution as found: its summary, its engine state as JSON, whether it came from the archive, and whether it
     * sleeps in the object store ({@link StoredExecution#asleep()}).
     */
    public record Found(ExecutionSummary summary, String state, boolean archived, boolean asleep) {
        public Found(ExecutionSummary summary, String state, boolean archived) {
            this(summary, state, archived, false);
        }
    }

    public Optional<Found> find(String executionId) {
        return store.load(executionId).map(s -> new Found(s.summary(), s.state(), false, s.asleep()))
                .or(() -> archived(executionId).map(a -> new Found(a.summary(), a.state(), true)));
    }

    /** History lines from {@code from}, at most {@code limit}; empty when there is no such execution anywhere. */
    public Optional<List<String>> history(String executionId, int from, int limit) {
        if (store.load(executionId).isPresent()) {
            return Optional.of(store.history(executionId, from, limit));
        }
        return archived(executionId).map(a -> {
            List<String> all = a.history();
            return from >= all.size() ? List.<String>of() : List.copyOf(all.subList(from, Math.min(all.size(), from + limit)));
        });
    }

    private Optional<ArchivedExecution> archived(String executionId) {
        if (archive == null) {
            return Optional.empty();
        }
        return store.retired(executionId).flatMap(archive::read);
    }
}
