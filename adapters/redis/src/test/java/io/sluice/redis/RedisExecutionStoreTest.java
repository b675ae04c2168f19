package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.testkit.contract.ExecutionStoreContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExecutionStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisExecutionStoreTest extends ExecutionStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("exec");

    @Override
    protected ExecutionStore createStore() {
        return new RedisExecutionStore(redis.client(), redis.prefix());
    }
}
