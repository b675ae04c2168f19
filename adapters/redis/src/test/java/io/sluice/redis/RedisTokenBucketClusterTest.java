package io.sluice.redis;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.testkit.contract.RateLimiterContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The RateLimiter contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisTokenBucketClusterTest extends RateLimiterContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("bucket-cluster");

    @Override
    protected RateLimiter createLimiter() {
        return new RedisTokenBucket(redis.client(), redis.prefix());
    }
}
