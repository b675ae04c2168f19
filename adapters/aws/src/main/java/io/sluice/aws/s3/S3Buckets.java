package io.sluice.aws.s3;

import io.sluice.orchestration.port.ObjectStore;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Every S3 bucket the Lambda's role can reach as one {@link ObjectStore} whose keys are {@code <bucket>/<key>}: the
 * shape the host-neutral object integrations ({@code aws-sdk:s3:*}) and a distributed Map's {@code Bucket} use for
 * "a bucket is a folder of the store" ({@code Buckets.folders}), so on AWS a Task naming bucket {@code landing}
 * reads the real {@code s3://landing/}, as on Step Functions.
 */
public final class S3Buckets implements ObjectStore {
    private final S3Client s3;

    public S3Buckets(S3Client s3) {
        this.s3 = s3;
    }

    @Override
    public void put(String key, byte[] content) {
        Split k = split(key);
        k.store().put(k.key(), content);
    }

    @Override
    public Optional<byte[]> get(String key) {
        Split k = split(key);
        return k.store().get(k.key());
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        Split p = split(prefix);
        String bucketPrefix = p.bucket() + "/";
        String after = startAfter == null ? null : startAfter.startsWith(bucketPrefix) ? startAfter.substring(bucketPrefix.length()) : null;
        return p.store().list(p.key(), after, max).stream()
                .map(o -> new ObjectInfo(bucketPrefix + o.key(), o.size(), o.lastModified())).toList();
    }

    @Override
    public boolean delete(String key) {
        Split k = split(key);
        return k.store().delete(k.key());
    }

    private Split split(String path) {
        int slash = path == null ? -1 : path.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("'" + path + "' names no bucket: expected <bucket>/<key>");
        }
        String bucket = path.substring(0, slash);
        return new Split(bucket, path.substring(slash + 1), new S3ObjectStore(s3, S3Location.of(bucket)));
    }

    private record Split(String bucket, String key, ObjectStore store) {}

    @Override
    public String toString() {
        return "S3Buckets";
    }
}
