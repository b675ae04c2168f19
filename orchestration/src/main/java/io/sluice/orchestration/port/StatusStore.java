package io.sluice.orchestration.port;

import java.util.List;
import java.util.Optional;

/**
 * The status table: one row per run, which data teams query and dependency checks read. Writes are
 * upserts keyed by execution id that never move a row backwards ({@link StatusRecord#replaces}), so
 * they can be repeated and reordered freely.
 */
public interface StatusStore {

    /** Writes {@code record} unless the stored row is ahead of it (then {@code applied} is false); returns the row as stored. */
    Upserted upsert(StatusRecord record);

    Optional<StatusRecord> get(String executionId);

    /**
     * The pipeline's runs, newest start first (runs not started yet last), at most {@code limit};
     * {@code partition} {@code null} for every partition.
     */
    List<StatusRecord> find(String pipeline, String partition, int limit);

    /** The row after an upsert, and whether the write took effect. */
    record Upserted(StatusRecord row, boolean applied) {}
}
