package io.sluice.testkit.fake;

import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.IdempotencyStoreContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryIdempotencyStoreTest extends IdempotencyStoreContract {
    @Override
    protected IdempotencyStore createStore() {
        return new InMemoryIdempotencyStore();
    }
}
