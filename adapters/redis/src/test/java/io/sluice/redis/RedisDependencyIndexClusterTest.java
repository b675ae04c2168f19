package io.sluice.redis;

import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.testkit.contract.DependencyIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The DependencyIndex contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisDependencyIndexClusterTest extends DependencyIndexContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("dep-cluster");

    @Override
    protected DependencyIndex createIndex() {
        return new RedisDependencyIndex(redis.client(), redis.prefix());
    }
}
