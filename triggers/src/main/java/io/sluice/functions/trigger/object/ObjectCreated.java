package io.sluice.functions.trigger.object;

import java.time.Instant;
import java.util.Objects;

/**
 * One object that was created or overwritten, whatever store and notification format announced it.
 *
 * @param store     where it lives
 * @param bucket    the S3 bucket, the Azure container, or the local bucket folder
 * @param key       the object key (blob name, path below the bucket folder), decoded: {@code a b.csv}, not {@code a+b.csv}
 * @param size      its size in bytes
 * @param etag      its entity tag without surrounding quotes, or {@code null} when the event carries none
 * @param versionId its version id, or {@code null} when the store does not version it (S3's {@code "null"} version counts as none)
 * @param sequencer the store's ordering token for events on this key, or {@code null}
 * @param eventTime when the store says the object was created, or {@code null} when the event does not say
 */
public record ObjectCreated(StoreKind store, String bucket, String key, long size, String etag, String versionId,
                            String sequencer, Instant eventTime) {
    public ObjectCreated {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(key, "key");
        if (size < 0) {
            throw new IllegalArgumentException("an object's size cannot be negative; got " + size);
        }
    }
}
