package io.sluice.redis;

import io.sluice.orchestration.port.Publisher;
import io.sluice.testkit.contract.PublisherContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Publisher contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisTopicsClusterTest extends PublisherContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("topics-cluster");

    @Override
    protected Publisher createPublisher() {
        return new RedisTopics(redis.client(), redis.prefix());
    }
}
