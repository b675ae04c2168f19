package io.sluice.aws.s3;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.testkit.aws.S3MockServer;
import java.net.URI;
import java.util.UUID;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;

/** S3 clients and buckets for tests, on the shared S3Mock. */
public final class S3TestBuckets {
    public static final String REGION = "us-east-1";

    private S3TestBuckets() {}

    public static S3Client s3Mock() {
        return at(S3MockServer.shared().endpoint());
    }

    public static S3Client at(URI endpoint) {
        return S3Clients.create(AwsClientSettings.local(endpoint, REGION));
    }

    /** A new bucket named {@code <label>-<8 hex>}. */
    public static String create(S3Client s3, String label) {
        String bucket = label + "-" + UUID.randomUUID().toString().substring(0, 8);
        try {
            s3.createBucket(b -> b.bucket(bucket));
        } catch (BucketAlreadyOwnedByYouException e) {
            // created by an earlier attempt
        }
        return bucket;
    }

    /** A location of its own under {@code bucket}, so tests sharing a bucket never see each other's keys. */
    public static S3Location fresh(String bucket) {
        return new S3Location(bucket, "t-" + UUID.randomUUID().toString().substring(0, 8));
    }
}
