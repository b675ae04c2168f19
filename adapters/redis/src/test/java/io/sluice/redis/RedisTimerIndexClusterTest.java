package io.sluice.redis;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.contract.TimerIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The TimerIndex contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisTimerIndexClusterTest extends TimerIndexContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("timers-cluster");

    @Override
    protected TimerIndex createIndex() {
        return new RedisTimerIndex(redis.client(), redis.prefix());
    }
}
