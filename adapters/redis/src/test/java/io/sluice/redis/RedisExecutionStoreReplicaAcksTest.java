package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ExecutionStore contract and the Redis cases on the loopback Redis Cluster with {@code ?replica-acks=1}: every
 * commit, load, clear and removal script waits for a replica's confirmation ({@link ReplicaAcks}), and the store behaves
 * as without.
 */
class RedisExecutionStoreReplicaAcksTest extends RedisExecutionStoreCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onClusterWithReplicaAcks("exec-acks");

    @Override
    RedisScope redis() {
        return redis;
    }
}
