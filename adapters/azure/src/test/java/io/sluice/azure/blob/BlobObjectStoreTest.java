package io.sluice.azure.blob;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.contract.ObjectStoreContract;

/** The object store contract against Azurite's Blob service; each test gets a container of its own. */
class BlobObjectStoreTest extends ObjectStoreContract {
    @Override
    protected ObjectStore createStore() {
        return new BlobObjectStore(AzuriteClients.newContainer());
    }
}
