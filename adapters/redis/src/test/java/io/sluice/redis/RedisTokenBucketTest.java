package io.sluice.redis;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.testkit.contract.RateLimiterContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The RateLimiter contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisTokenBucketTest extends RateLimiterContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("bucket");

    @Override
    protected RateLimiter createLimiter() {
        return new RedisTokenBucket(redis.client(), redis.prefix());
    }
}
