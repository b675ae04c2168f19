package io.sluice.aws.redshift;

import io.sluice.aws.s3.S3Location;
import java.util.Optional;

/** The S3 object a load's source names: an {@code s3://bucket/key} URI, or a key under the warehouse's source location. */
record S3Object(String bucket, String key) {
    private static final String SCHEME = "s3://";

    static Optional<S3Object> of(String source, S3Location sources) {
        if (source.startsWith(SCHEME)) {
            int slash = source.indexOf('/', SCHEME.length());
            if (slash <= SCHEME.length() || slash == source.length() - 1) {
                return Optional.empty();
            }
            return Optional.of(new S3Object(source.substring(SCHEME.length(), slash), source.substring(slash + 1)));
        }
        if (sources == null || source.isEmpty() || source.startsWith("/") || source.contains("://")) {
            return Optional.empty();
        }
        return Optional.of(new S3Object(sources.bucket(), sources.keyOf(source)));
    }

    @Override
    public String toString() {
        return SCHEME + bucket + "/" + key;
    }
}
