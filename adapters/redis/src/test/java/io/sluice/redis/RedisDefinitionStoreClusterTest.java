package io.sluice.redis;

import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.testkit.contract.DefinitionStoreContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The DefinitionStore contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisDefinitionStoreClusterTest extends DefinitionStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("def-cluster");

    @Override
    protected DefinitionStore createStore() {
        return new RedisDefinitionStore(redis.client(), redis.prefix());
    }
}
