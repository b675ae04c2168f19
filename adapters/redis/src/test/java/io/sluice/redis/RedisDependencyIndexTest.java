package io.sluice.redis;

import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.testkit.contract.DependencyIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The DependencyIndex contract on a real Redis server; each test instance has its own key prefix. */
class RedisDependencyIndexTest extends DependencyIndexContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("dep");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected DependencyIndex createIndex() {
        return new RedisDependencyIndex(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
