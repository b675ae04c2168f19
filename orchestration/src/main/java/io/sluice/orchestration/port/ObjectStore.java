package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Blobs by key: the claim-check store for payloads too large for a queue message, data files, and
 * what Step Functions reads and writes in S3 ({@code aws-sdk:s3:*}, a distributed Map's ItemReader
 * and ResultWriter). Keys are {@code /}-separated, as inside one S3 bucket.
 */
public interface ObjectStore {
    void put(String key, byte[] content);

    Optional<byte[]> get(String key);

    /**
     * Up to {@code max} objects whose keys start with {@code prefix} ({@code ""}: all), in ascending
     * key order (UTF-8 byte order, as S3 lists), after {@code startAfter} ({@code null}: from the
     * first). A page shorter than {@code max} is the last one.
     */
    List<ObjectInfo> list(String prefix, String startAfter, int max);

    /** Deletes {@code key}; whether it existed. */
    boolean delete(String key);

    /** One listed object: its key, size in bytes and last modification. */
    record ObjectInfo(String key, long size, Instant lastModified) {}
}
