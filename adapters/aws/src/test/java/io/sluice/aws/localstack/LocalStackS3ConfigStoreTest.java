package io.sluice.aws.localstack;

import io.sluice.aws.s3.S3ConfigStore;
import io.sluice.aws.s3.S3Location;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.testkit.contract.ConfigStoreContract;
import software.amazon.awssdk.core.sync.RequestBody;

/** The ConfigStore contract on LocalStack's S3 ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackS3ConfigStoreTest extends ConfigStoreContract {
    @Override
    protected ConfigStore createStore() {
        return new S3ConfigStore(LocalStackResources.s3(), new S3Location(LocalStackResources.bucket(), "configs/"));
    }

    @Override
    protected void put(String name, String text) {
        LocalStackResources.s3().putObject(b -> b.bucket(LocalStackResources.bucket()).key("configs/" + name), RequestBody.fromString(text));
    }
}
