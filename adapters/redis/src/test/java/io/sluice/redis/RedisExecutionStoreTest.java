package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExecutionStore contract on a real single Redis server; each test instance has its own key prefix (RedisScope). */
class RedisExecutionStoreTest extends RedisExecutionStoreCases {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("exec");

    @Override
    RedisScope redis() {
        return redis;
    }
}
