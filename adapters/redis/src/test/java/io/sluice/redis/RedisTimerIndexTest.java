package io.sluice.redis;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.contract.TimerIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The TimerIndex contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisTimerIndexTest extends TimerIndexContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("timers");

    @Override
    protected TimerIndex createIndex() {
        return new RedisTimerIndex(redis.client(), redis.prefix());
    }
}
