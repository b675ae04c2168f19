package io.sluice.testkit.fake;

import io.sluice.orchestration.port.BackfillStore;
import io.sluice.testkit.contract.BackfillStoreContract;

class InMemoryBackfillStoreTest extends BackfillStoreContract {
    @Override
    protected BackfillStore createStore() {
        return new InMemoryBackfillStore();
    }
}
