package io.sluice.aws.dynamodb;

import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.contract.StatusStoreContract;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The StatusStore contract on dynalite (node, on loopback), in a table of this class's own. */
class DynamoDbStatusStoreTest extends StatusStoreContract {
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTable() {
        dynamo = DynaliteTables.dynalite();
        table = DynaliteTables.create(dynamo, "status", StatusTable::create);
    }

    @Override
    protected StatusStore createStore() {
        return new DynamoDbStatusStore(dynamo, table);
    }
}
