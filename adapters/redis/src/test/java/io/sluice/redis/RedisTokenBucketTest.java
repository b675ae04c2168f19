package io.sluice.redis;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.testkit.contract.RateLimiterContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The RateLimiter contract on a real Redis server; each test instance has its own key prefix. */
class RedisTokenBucketTest extends RateLimiterContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("bucket");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected RateLimiter createLimiter() {
        return new RedisTokenBucket(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
