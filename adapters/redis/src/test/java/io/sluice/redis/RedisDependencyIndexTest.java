package io.sluice.redis;

import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.testkit.contract.DependencyIndexContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The DependencyIndex contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisDependencyIndexTest extends DependencyIndexContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("dep");

    @Override
    protected DependencyIndex createIndex() {
        return new RedisDependencyIndex(redis.client(), redis.prefix());
    }
}
