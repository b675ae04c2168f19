package io.sluice.orchestration.port;

import java.util.Optional;

/**
 * Definitions by content hash. An execution pins the hash it started with, so a definition is
 * written once and never changed; a new version of a pipeline is a new hash.
 */
public interface DefinitionStore {
    /** Stores the definition's JSON under its hash unless it is there already. */
    void put(String hash, String definitionJson);

    Optional<String> get(String hash);
}
