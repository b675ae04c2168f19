package io.sluice.aws.s3;

import java.util.Objects;

/**
 * Where an adapter keeps its objects: a bucket, and a key prefix inside it ({@code ""}, or ending in {@code /})
 * so that one bucket can hold several kinds of documents or deployments.
 */
public record S3Location(String bucket, String prefix) {
    public S3Location {
        Objects.requireNonNull(bucket, "bucket");
        if (bucket.isBlank()) {
            throw new IllegalArgumentException("an S3 location needs a bucket");
        }
        prefix = prefix == null || prefix.isEmpty() ? "" : prefix.endsWith("/") ? prefix : prefix + "/";
        if (prefix.startsWith("/")) {
            throw new IllegalArgumentException("an S3 key prefix does not start with '/': '" + prefix + "'");
        }
    }

    public static S3Location of(String bucket) {
        return new S3Location(bucket, "");
    }

    /** The object key of {@code key}, relative to the prefix. */
    public String keyOf(String key) {
        return prefix + key;
    }

    /** {@code objectKey} relative to the prefix; {@code objectKey} starts with it. */
    public String relative(String objectKey) {
        return objectKey.substring(prefix.length());
    }

    /** {@code s3://bucket/prefix<key>}. */
    public String uri(String key) {
        return "s3://" + bucket + "/" + keyOf(key);
    }

    @Override
    public String toString() {
        return "s3://" + bucket + "/" + prefix;
    }
}
