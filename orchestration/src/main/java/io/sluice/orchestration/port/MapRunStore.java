package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.BitSet;
import java.util.Map;
import java.util.Optional;

/**
 * The state of distributed Map runs, outside the parent's execution: per run a small record (what the
 * coordinator reads from, how far it got), which children have ended (a bit per child), how many
 * succeeded and failed, and the outcomes it must keep until the run ends (those of in-process
 * children; a durable child keeps its own). Ending a child is recorded once, atomically with its
 * count, so a redelivered completion neither counts twice nor loses the count.
 */
public interface MapRunStore {

    /** Stores {@code record} as the run's first version unless the run exists; returns what is stored after. */
    Versioned create(String runId, String record, Instant expiresAt);

    Optional<Versioned> load(String runId);

    /** Replaces the record if it is still at {@code expectedVersion}; whether it was. */
    boolean update(String runId, long expectedVersion, String record);

    /**
     * Records that child {@code index} ended, and how; {@code outcome} is kept for {@link #outcomes} unless {@code null}.
     * A child already recorded changes nothing ({@link Finish#recorded()} is false).
     */
    Finish finish(String runId, long index, boolean succeeded, String outcome);

    Counts counts(String runId);

    /** Which of children {@code [from, to)} have ended, bit {@code i} for child {@code from + i}. */
    BitSet ended(String runId, long from, long to);

    /** The outcomes kept for children {@code [from, to)}, by index. */
    Map<Long, String> outcomes(String runId, long from, long to);

    /** Forgets the run. */
    void delete(String runId);

    record Versioned(String record, long version) {}

    record Counts(long succeeded, long failed) {
        public long ended() {
            return succeeded + failed;
        }
    }

    /** @param recorded whether this call recorded the child's end (false: it was recorded before) */
    record Finish(boolean recorded, Counts counts) {}
}
