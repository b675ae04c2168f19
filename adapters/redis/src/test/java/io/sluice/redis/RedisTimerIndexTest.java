package io.sluice.redis;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.contract.TimerIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The TimerIndex contract on a real Redis server; each test instance has its own key prefix. */
class RedisTimerIndexTest extends TimerIndexContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("timers");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected TimerIndex createIndex() {
        return new RedisTimerIndex(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
