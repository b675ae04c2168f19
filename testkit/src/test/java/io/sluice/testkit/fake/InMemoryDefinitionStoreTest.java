package io.sluice.testkit.fake;

import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.testkit.contract.DefinitionStoreContract;

class InMemoryDefinitionStoreTest extends DefinitionStoreContract {
    @Override
    protected DefinitionStore createStore() {
        return new InMemoryDefinitionStore();
    }
}
