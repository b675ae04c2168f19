package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The coupled writes on the loopback Redis Cluster: one pipeline to one primary, since they share a shard's slot. */
class RedisCoupledWritesClusterTest extends RedisCoupledWritesCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("coupled-cluster");

    @Override
    RedisScope redis() {
        return redis;
    }
}
