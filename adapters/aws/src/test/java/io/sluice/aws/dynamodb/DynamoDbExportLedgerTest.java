package io.sluice.aws.dynamodb;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The ExportLedger contract on dynalite. */
class DynamoDbExportLedgerTest extends ExportLedgerContract {
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTable() {
        dynamo = DynaliteTables.dynalite();
        table = DynaliteTables.create(dynamo, "exports", LedgerTables::exportLedger);
    }

    @Override
    protected ExportLedger createLedger() {
        return new DynamoDbExportLedger(dynamo, table);
    }
}
