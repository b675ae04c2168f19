package io.sluice.redis;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.contract.ScheduleIndexContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The ScheduleIndex contract on a real Redis server; each test instance has its own key prefix. */
class RedisScheduleIndexTest extends ScheduleIndexContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("schedules");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected ScheduleIndex createIndex() {
        return new RedisScheduleIndex(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
