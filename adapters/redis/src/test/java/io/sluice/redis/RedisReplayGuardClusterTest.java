package io.sluice.redis;

import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.testkit.contract.ReplayGuardContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ReplayGuard contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisReplayGuardClusterTest extends ReplayGuardContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("seen-cluster");

    @Override
    protected ReplayGuard createGuard() {
        return new RedisReplayGuard(redis.client(), redis.prefix());
    }
}
