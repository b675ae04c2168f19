package io.sluice.aws.s3;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.contract.ObjectStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.s3.S3Client;

/** The ObjectStore contract on S3Mock (a separate JVM on loopback), each test under a key prefix of its own. */
class S3ObjectStoreTest extends ObjectStoreContract {
    private static S3Client s3;
    private static String bucket;

    @BeforeAll
    static void createBucket() {
        s3 = S3TestBuckets.s3Mock();
        bucket = S3TestBuckets.create(s3, "objects");
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Override
    protected ObjectStore createStore() {
        return new S3ObjectStore(s3, S3TestBuckets.fresh(bucket));
    }
}
