package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.testkit.contract.ExecutionLinksContract;

/** The in-memory fake passes the same contract as the Redis adapter. */
class InMemoryExecutionLinksTest extends ExecutionLinksContract {
    @Override
    protected ExecutionLinks createLinks() {
        return new InMemoryExecutionLinks();
    }
}
