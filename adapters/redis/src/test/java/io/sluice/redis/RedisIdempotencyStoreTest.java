package io.sluice.redis;

import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.IdempotencyStoreContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The IdempotencyStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisIdempotencyStoreTest extends IdempotencyStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("idem");

    @Override
    protected IdempotencyStore createStore() {
        return new RedisIdempotencyStore(redis.client(), redis.prefix());
    }
}
