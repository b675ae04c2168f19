package io.sluice.testkit.fake;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.contract.TaskQueueContract;
import java.time.Clock;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryTaskQueueTest extends TaskQueueContract {
    @Override
    protected TaskQueue createQueue() {
        return new InMemoryTaskQueue(Clock.systemUTC(), 3);
    }
}
