package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.testkit.contract.ExecutionStoreContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryExecutionStoreTest extends ExecutionStoreContract {
    @Override
    protected ExecutionStore createStore() {
        return new InMemoryExecutionStore();
    }
}
