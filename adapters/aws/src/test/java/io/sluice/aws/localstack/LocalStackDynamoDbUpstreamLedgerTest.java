package io.sluice.aws.localstack;

import io.sluice.aws.dynamodb.DynamoDbUpstreamLedger;
import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;

/** The UpstreamLedger contract on LocalStack's DynamoDB ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackDynamoDbUpstreamLedgerTest extends UpstreamLedgerContract {
    @Override
    protected UpstreamLedger createLedger() {
        return new DynamoDbUpstreamLedger(LocalStackResources.dynamo(), LocalStackResources.upstreamTable());
    }
}
