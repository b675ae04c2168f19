package io.sluice.aws.dynamodb;

import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The UpstreamLedger contract on dynalite. */
class DynamoDbUpstreamLedgerTest extends UpstreamLedgerContract {
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTable() {
        dynamo = DynaliteTables.dynalite();
        table = DynaliteTables.create(dynamo, "upstreams", LedgerTables::upstreamLedger);
    }

    @Override
    protected UpstreamLedger createLedger() {
        return new DynamoDbUpstreamLedger(dynamo, table);
    }
}
