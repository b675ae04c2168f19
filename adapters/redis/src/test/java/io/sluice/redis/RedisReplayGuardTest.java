package io.sluice.redis;

import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.testkit.contract.ReplayGuardContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ReplayGuard contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisReplayGuardTest extends ReplayGuardContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("seen");

    @Override
    protected ReplayGuard createGuard() {
        return new RedisReplayGuard(redis.client(), redis.prefix());
    }
}
