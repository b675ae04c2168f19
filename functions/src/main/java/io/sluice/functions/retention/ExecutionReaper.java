package io.sluice.functions.retention;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Moves finished executions whose retention has passed out of the execution store: archive first,
 * then remove. A crash between the two leaves the execution in the store and on the expiry list, so
 * the next pass archives nothing again (the archive already holds that version) and removes it; a
 * redrive in between takes it off the expiry list, and the removal, guarded by its version, refuses.
 * One pass costs what has expired (at most {@code limit}), never what is held.
 *
 * <p>With a status table, each archived execution also has its row there (written if the run had none,
 * as a plain state machine's run has not): the table is the index that lists span the archive by
 * ({@link ExecutionListings}), so no list reads objects to find what was archived.
 */
public final class ExecutionReaper {
    private static final Logger LOG = Logger.getLogger(ExecutionReaper.class.getName());

    private final ExecutionStore store;
    private final ExecutionArchive archive;
    private final Retention retention;
    private final StatusStore index;

    public ExecutionReaper(ExecutionStore store, ExecutionArchive archive, Retention retention) {
        this(store, archive, retention, null);
    }

    /** @param index the status table that indexes archived runs; {@code null} on a host without one */
    public ExecutionReaper(ExecutionStore store, ExecutionArchive archive, Retention retention, StatusStore index) {
        this.store = store;
        this.archive = archive;
        this.retention = retention;
        this.index = index;
    }

    /**
     * What one pass did: executions archived (written now) and removed; {@code left}, those it found expired and left in
     * the store (still sending their commands, or failed to archive).
     */
    public record Report(int archived, int removed, int left) {
        public Report(int archived, int removed) {
            this(archived, removed, 0);
        }
    }

    public Report reap(Instant now, int limit) {
        int archived = 0;
        int removed = 0;
        List<String> expired = store.expired(now, limit);
        for (String id : expired) {
            try {
                Optional<StoredExecution> loaded = store.load(id);
                if (loaded.isEmpty() || !loaded.get().outbox().isEmpty() || loaded.get().summary().stopTime() == null) {
                    continue; // its commands go out first (the sweeper sends them); a running one is never touched
                }
                StoredExecution e = loaded.get();
                if (archive.write(new ArchivedExecution(e.summary(), e.version(), e.state(), store.history(id)))) {
                    archived++;
                }
                indexed(e.summary());
                if (store.remove(id, e.version(), retention.nameReservedUntil(e.summary().stopTime()))) {
                    removed++;
                }
            } catch (RuntimeException e) {
                // Left on the expiry list: the next pass tries again; the others go on meanwhile.
                LOG.log(Level.WARNING, "could not archive execution " + id + "; it stays in the store for now", e);
            }
        }
        return new Report(archived, removed, expired.size() - removed);
    }

    /**
     * The run's row, before it leaves the store, so a crash after removal cannot leave it unlisted. A
     * row the run's own write-status wrote is ahead of or equal to this one, and so is kept as it is.
     */
    private void indexed(ExecutionSummary s) {
        if (index == null) {
            return;
        }
        RunState state = RunState.valueOf(s.status());
        index.upsert(new StatusRecord(s.executionId(), s.pipeline(), null, state, 0, s.startTime(), s.stopTime(),
                null, null, null, null, null));
    }
}
