package io.sluice.aws.localstack;

import io.sluice.aws.dynamodb.DynamoDbStatusStore;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.contract.StatusStoreContract;

/**
 * The StatusStore contract on LocalStack's DynamoDB ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without
 * one. {@code find} reads a global secondary index, eventually consistent on DynamoDB itself.
 */
class LocalStackDynamoDbStatusStoreTest extends StatusStoreContract {
    @Override
    protected StatusStore createStore() {
        return new DynamoDbStatusStore(LocalStackResources.dynamo(), LocalStackResources.statusTable());
    }
}
