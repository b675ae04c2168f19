package io.sluice.orchestration.port;

import java.util.Optional;

/** Blobs by key: the claim-check store for payloads too large for a queue message, and data files. */
public interface ObjectStore {
    void put(String key, byte[] content);

    Optional<byte[]> get(String key);
}
