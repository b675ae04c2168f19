package io.sluice.redis;

import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.testkit.contract.ReplayGuardContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The ReplayGuard contract on a real Redis server; each test instance has its own key prefix. */
class RedisReplayGuardTest extends ReplayGuardContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("seen");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected ReplayGuard createGuard() {
        return new RedisReplayGuard(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
