package io.sluice.redis;

import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.testkit.contract.ConcurrencyLimiterContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ConcurrencyLimiter contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisConcurrencyLimiterClusterTest extends ConcurrencyLimiterContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("limit-cluster");

    @Override
    protected ConcurrencyLimiter createLimiter() {
        return new RedisConcurrencyLimiter(redis.client(), redis.prefix());
    }
}
