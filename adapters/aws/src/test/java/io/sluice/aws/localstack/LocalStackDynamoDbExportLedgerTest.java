package io.sluice.aws.localstack;

import io.sluice.aws.dynamodb.DynamoDbExportLedger;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;

/** The ExportLedger contract on LocalStack's DynamoDB ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackDynamoDbExportLedgerTest extends ExportLedgerContract {
    @Override
    protected ExportLedger createLedger() {
        return new DynamoDbExportLedger(LocalStackResources.dynamo(), LocalStackResources.exportTable());
    }
}
