package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.contract.ScheduleIndexContract;

/** The in-memory fake passes the same contract as the Redis index, so fast tests can trust it. */
class InMemoryScheduleIndexTest extends ScheduleIndexContract {
    @Override
    protected ScheduleIndex createIndex() {
        return new InMemoryScheduleIndex();
    }
}
