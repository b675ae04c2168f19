package io.sluice.aws.s3;

import io.sluice.orchestration.port.ObjectStore;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Every S3 bucket the Lambda's role can reach as one {@link ObjectStore} whose keys are {@code <bucket>/<key>}: the
 * shape the host-neutral object integrations ({@code aws-sdk:s3:*}) and a distributed Map's {@code Bucket} use for
 * "a bucket is a folder of the store" ({@code Buckets.folders}), so on AWS a Task of the platform's own pipelines
 * naming bucket {@code landing} reads the real {@code s3://landing/}, as on Step Functions.
 *
 * <p>The tenants' buckets are the one exception: they are folders of {@code tenants/<tenant>/} on every host
 * ({@code ObjectNamespace}), and on AWS that folder is in the deployment's own bucket ({@code sluice.s3.bucket}, under
 * its prefix), never in an S3 bucket that happens to be called {@code tenants} (bucket names are global: it would be
 * someone else's).
 */
public final class S3Buckets implements ObjectStore {
    private static final String TENANTS = io.sluice.functions.tenancy.ObjectNamespace.TENANTS;

    private final S3Client s3;
    private final S3Location tenants;

    /** Buckets without the tenants' folder: a key of bucket {@code tenants} is refused. */
    public S3Buckets(S3Client s3) {
        this(s3, null);
    }

    /** @param deployment the deployment's own location ({@code sluice.s3.bucket} and prefix), which holds the tenants' folder */
    public S3Buckets(S3Client s3, S3Location deployment) {
        this.s3 = s3;
        this.tenants = deployment == null ? null : new S3Location(deployment.bucket(), deployment.keyOf(TENANTS + "/"));
    }

    /** The deployment's own location, from its settings, or {@code null} when it has no bucket. */
    public static S3Location deployment(S3Properties properties) {
        return properties == null || properties.bucket() == null || properties.bucket().isBlank() ? null
                : new S3Location(properties.bucket(), properties.prefix());
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
        if (bucket.equals(TENANTS)) {
            if (tenants == null) {
                throw new IllegalArgumentException("the tenants' buckets are in the deployment's own bucket, and this host has none"
                        + " (set sluice.s3.bucket)");
            }
            return new Split(bucket, path.substring(slash + 1), new S3ObjectStore(s3, tenants));
        }
        return new Split(bucket, path.substring(slash + 1), new S3ObjectStore(s3, S3Location.of(bucket)));
    }

    private record Split(String bucket, String key, ObjectStore store) {}

    @Override
    public String toString() {
        return "S3Buckets";
    }
}
