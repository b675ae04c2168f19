package io.sluice.redis;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.contract.ScheduleIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ScheduleIndex contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisScheduleIndexClusterTest extends ScheduleIndexContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("schedules-cluster");

    @Override
    protected ScheduleIndex createIndex() {
        return new RedisScheduleIndex(redis.client(), redis.prefix());
    }
}
