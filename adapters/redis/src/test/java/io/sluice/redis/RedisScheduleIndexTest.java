package io.sluice.redis;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.contract.ScheduleIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ScheduleIndex contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisScheduleIndexTest extends ScheduleIndexContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("schedules");

    @Override
    protected ScheduleIndex createIndex() {
        return new RedisScheduleIndex(redis.client(), redis.prefix());
    }
}
