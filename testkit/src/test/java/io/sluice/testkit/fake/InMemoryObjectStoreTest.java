package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ObjectStore;
import io.sluice.testkit.contract.ObjectStoreContract;

class InMemoryObjectStoreTest extends ObjectStoreContract {
    @Override
    protected ObjectStore createStore() {
        return new InMemoryObjectStore();
    }
}
