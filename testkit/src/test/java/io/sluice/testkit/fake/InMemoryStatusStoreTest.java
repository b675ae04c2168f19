package io.sluice.testkit.fake;

import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.contract.StatusStoreContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryStatusStoreTest extends StatusStoreContract {
    private final InMemoryStatusStore store = new InMemoryStatusStore();

    @Override
    protected StatusStore createStore() {
        return store;
    }
}
