package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Publisher;
import io.sluice.testkit.contract.PublisherContract;

/** The in-memory fake passes the same contract as the Redis topic, so fast tests can trust it. */
class InMemoryPublisherTest extends PublisherContract {
    @Override
    protected Publisher createPublisher() {
        return new InMemoryPublisher();
    }
}
