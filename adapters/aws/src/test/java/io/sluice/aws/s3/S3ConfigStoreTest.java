package io.sluice.aws.s3;

import io.sluice.orchestration.port.ConfigStore;
import io.sluice.testkit.contract.ConfigStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The ConfigStore contract on S3Mock: configs are objects under the store's prefix of a bucket. */
class S3ConfigStoreTest extends ConfigStoreContract {
    private static S3Client s3;
    private static S3Location location;

    @BeforeAll
    static void createBucket() {
        s3 = S3TestBuckets.s3Mock();
        location = new S3Location(S3TestBuckets.create(s3, "configs"), "configs/");
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Override
    protected ConfigStore createStore() {
        return new S3ConfigStore(s3, location);
    }

    @Override
    protected void put(String name, String text) {
        s3.putObject(b -> b.bucket(location.bucket()).key(location.keyOf(name)), RequestBody.fromString(text));
    }
}
