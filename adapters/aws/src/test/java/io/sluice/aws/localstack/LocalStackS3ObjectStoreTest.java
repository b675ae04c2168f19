package io.sluice.aws.localstack;

import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.contract.ObjectStoreContract;

/** The ObjectStore contract on LocalStack's S3 ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackS3ObjectStoreTest extends ObjectStoreContract {
    @Override
    protected ObjectStore createStore() {
        return new S3ObjectStore(LocalStackResources.s3(), S3TestBuckets.fresh(LocalStackResources.bucket()));
    }
}
