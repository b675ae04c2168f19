package io.sluice.testkit.fake;

import io.sluice.orchestration.port.MapRunStore;
import io.sluice.testkit.contract.MapRunStoreContract;

/** The in-memory fake passes the same contract as the Redis adapter. */
class InMemoryMapRunStoreTest extends MapRunStoreContract {
    @Override
    protected MapRunStore createStore() {
        return new InMemoryMapRunStore();
    }
}
