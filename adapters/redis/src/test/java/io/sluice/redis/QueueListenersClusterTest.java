package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link QueueListenersCases} on the loopback Redis Cluster: its Pub/Sub reaches a subscriber on any node. */
class QueueListenersClusterTest extends QueueListenersCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("queue-listeners-cluster");

    @Override
    RedisScope redis() {
        return redis;
    }
}
