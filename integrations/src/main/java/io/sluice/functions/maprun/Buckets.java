package io.sluice.functions.maprun;

import io.sluice.functions.tenancy.PrefixedStore;
import io.sluice.orchestration.port.ObjectStore;

/**
 * The object store a distributed Map's {@code Bucket} names. On AWS a bucket is an S3 bucket; locally the
 * data folder holds one folder per bucket (as the object trigger sees it), so bucket {@code landing} is the
 * keys under {@code landing/} of the folder store: {@link #folders}.
 */
@FunctionalInterface
public interface Buckets {

    /** The store of {@code bucket}; throws {@link IllegalArgumentException} for a name that is no bucket here. */
    ObjectStore bucket(String bucket);

    /** Every bucket a folder of {@code root}: keys of bucket {@code b} are {@code b/<key>} in it. */
    static Buckets folders(ObjectStore root) {
        return bucket -> {
            if (bucket == null || !bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]|[A-Za-z0-9_.-]{1,63}") || bucket.contains("..")) {
                throw new IllegalArgumentException("'" + bucket + "' is not a bucket name (3-63 letters, digits, '.', '-' or '_').");
            }
            return new PrefixedStore(root, bucket + "/");
        };
    }
}
