package io.sluice.testkit.fake;

import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.testkit.contract.DependencyIndexContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryDependencyIndexTest extends DependencyIndexContract {
    @Override
    protected DependencyIndex createIndex() {
        return new InMemoryDependencyIndex();
    }
}
