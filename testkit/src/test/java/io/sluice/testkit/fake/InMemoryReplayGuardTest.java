package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.testkit.contract.ReplayGuardContract;

/** The in-memory fake passes the same contract as the Redis guard. */
class InMemoryReplayGuardTest extends ReplayGuardContract {
    @Override
    protected ReplayGuard createGuard() {
        return new InMemoryReplayGuard();
    }
}
