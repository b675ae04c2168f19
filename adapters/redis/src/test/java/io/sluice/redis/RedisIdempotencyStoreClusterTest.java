package io.sluice.redis;

import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.IdempotencyStoreContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The IdempotencyStore contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisIdempotencyStoreClusterTest extends IdempotencyStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("idem-cluster");

    @Override
    protected IdempotencyStore createStore() {
        return new RedisIdempotencyStore(redis.client(), redis.prefix());
    }
}
