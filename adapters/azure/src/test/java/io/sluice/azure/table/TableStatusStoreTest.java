package io.sluice.azure.table;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.contract.StatusStoreContract;

/** The StatusStore contract against Azurite's Table service; each test gets a table of its own. */
class TableStatusStoreTest extends StatusStoreContract {
    @Override
    protected StatusStore createStore() {
        return new TableStatusStore(AzuriteClients.tables(), AzuriteClients.newTableName("t"));
    }
}
