package io.sluice.azure.table;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;

/** The UpstreamLedger contract against Azurite's Table service; each test gets a table of its own. */
class TableUpstreamLedgerTest extends UpstreamLedgerContract {
    @Override
    protected UpstreamLedger createLedger() {
        return new TableUpstreamLedger(AzuriteClients.tables(), AzuriteClients.newTableName("t"));
    }
}
