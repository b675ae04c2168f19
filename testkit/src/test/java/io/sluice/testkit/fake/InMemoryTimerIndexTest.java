package io.sluice.testkit.fake;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.contract.TimerIndexContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryTimerIndexTest extends TimerIndexContract {
    @Override
    protected TimerIndex createIndex() {
        return new InMemoryTimerIndex();
    }
}
