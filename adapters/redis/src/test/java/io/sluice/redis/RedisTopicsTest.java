package io.sluice.redis;

import io.sluice.orchestration.port.Publisher;
import io.sluice.testkit.contract.PublisherContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Publisher contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisTopicsTest extends PublisherContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("topics");

    @Override
    protected Publisher createPublisher() {
        return new RedisTopics(redis.client(), redis.prefix());
    }
}
