package io.sluice.orchestration.port;

import java.util.Optional;

/**
 * Where backfills are kept, shared by every process of a host: each as its JSON by id (what it means is the functions'
 * business). A backfill's progress is not stored here: it is the state of its executions.
 */
public interface BackfillStore {

    /** Stores a new backfill; false (and nothing changed) when {@code id} is taken. */
    boolean create(String id, String json);

    /** Replaces the stored backfill {@code id} (to mark it finished, say). */
    void update(String id, String json);

    Optional<String> find(String id);
}
