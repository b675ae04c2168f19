package io.sluice.functions.maprun;

import io.sluice.orchestration.port.MapRunStore;
import java.util.Optional;

/**
 * How far a durable map run has got, as the {@link MapRunStore} holds it: its record (status, children started, the total
 * once the reader gave its last item) and its counts (children ended, succeeded or not, each counted once as it ended).
 * Read without listing the run's children, so it costs the same for ten children or a million, and it counts EXPRESS
 * children too, which run inside the coordinator and are no executions. A run run in one process
 * ({@link InProcessMapRuns}) keeps no record, nor does a run whose record has expired: there is then none.
 *
 * @param status    RUNNING, SUCCEEDED, FAILED or ABORTED
 * @param express   whether the children run inside the coordinator (EXPRESS) rather than as executions
 * @param total     the number of children, or {@code -1} while the reader has not given its last item
 * @param started   the children started so far (EXPRESS: those of the pages before the current one)
 * @param succeeded the children that ended and succeeded
 * @param failed    the children that ended otherwise: failed, timed out, aborted, or could not be started
 */
public record MapRunProgress(String status, boolean express, long total, long started, long succeeded, long failed) {

    /** The run {@code runId} that execution {@code parentExecutionId} started, if the store keeps its record. */
    public static Optional<MapRunProgress> read(MapRunStore store, String parentExecutionId, String runId) {
        return store.load(runId).map(v -> MapRunRecord.decode(v.record()))
                .filter(r -> r.parentExecutionId().equals(parentExecutionId))
                .map(r -> {
                    MapRunStore.Counts counts = store.counts(runId);
                    return new MapRunProgress(r.status(), MapRunRequest.parse(r.request()).express(), r.total(),
                            Math.max(r.nextChild(), counts.ended()), counts.succeeded(), counts.failed());
                });
    }

    public long ended() {
        return succeeded + failed;
    }

    /**
     * The STANDARD children started and not yet ended; {@code -1} for an EXPRESS run, whose children are counted as they
     * end, not while they run.
     */
    public long running() {
        return express ? -1 : Math.max(0, started - ended());
    }

    /** The children not started yet, or {@code -1} while the total is not known. */
    public long pending() {
        return total < 0 ? -1 : Math.max(0, total - Math.max(started, ended()));
    }
}
