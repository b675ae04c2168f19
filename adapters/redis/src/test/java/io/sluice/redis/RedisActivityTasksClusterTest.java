package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RedisActivityTasksCases} on the loopback Redis Cluster. */
class RedisActivityTasksClusterTest extends RedisActivityTasksCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("activities-cluster");

    @Override
    RedisScope redis() {
        return redis;
    }
}
