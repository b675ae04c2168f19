package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ConfigStore;
import io.sluice.testkit.contract.ConfigStoreContract;

class InMemoryConfigStoreTest extends ConfigStoreContract {
    private final InMemoryConfigStore store = new InMemoryConfigStore();

    @Override
    protected ConfigStore createStore() {
        return store;
    }

    @Override
    protected void put(String name, String text) {
        store.put(name, text);
    }
}
