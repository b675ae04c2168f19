package io.sluice.redis;

import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.testkit.contract.IdempotencyStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The IdempotencyStore contract on the loopback Redis Cluster with {@code ?replica-acks=1}: each claim and completion
 * runs in a batch that waits for a replica ({@link ReplicaAcks}), and behaves as without.
 */
class RedisIdempotencyStoreReplicaAcksTest extends IdempotencyStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onClusterWithReplicaAcks("idem-acks");

    @Override
    protected IdempotencyStore createStore() {
        return new RedisIdempotencyStore(redis.client(), redis.prefix());
    }
}
