package io.sluice.redis;

import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.testkit.contract.DefinitionStoreContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The DefinitionStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisDefinitionStoreTest extends DefinitionStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("def");

    @Override
    protected DefinitionStore createStore() {
        return new RedisDefinitionStore(redis.client(), redis.prefix());
    }
}
