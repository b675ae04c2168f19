package io.sluice.azure.table;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;

/** The ExportLedger contract against Azurite's Table service; each test gets a table of its own. */
class TableExportLedgerTest extends ExportLedgerContract {
    @Override
    protected ExportLedger createLedger() {
        return new TableExportLedger(AzuriteClients.tables(), AzuriteClients.newTableName("t"));
    }
}
