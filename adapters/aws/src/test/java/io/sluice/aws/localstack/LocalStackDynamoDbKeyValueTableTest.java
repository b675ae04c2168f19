package io.sluice.aws.localstack;

import io.sluice.aws.dynamodb.DynaliteTables;
import io.sluice.aws.dynamodb.DynamoDbKeyValueTable;
import io.sluice.aws.dynamodb.KeyValueItemsTable;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.testkit.contract.KeyValueTableContract;

/** The KeyValueTable contract on LocalStack's DynamoDB ({@code SLUICE_TEST_AWS_ENDPOINT}); skipped, saying why, without one. */
class LocalStackDynamoDbKeyValueTableTest extends KeyValueTableContract {
    private static String table;

    @Override
    protected KeyValueTable createTable() {
        synchronized (LocalStackDynamoDbKeyValueTableTest.class) {
            if (table == null) {
                table = DynaliteTables.create(LocalStackResources.dynamo(), "sluice-items", KeyValueItemsTable::definition);
            }
        }
        return new DynamoDbKeyValueTable(LocalStackResources.dynamo(), table);
    }
}
