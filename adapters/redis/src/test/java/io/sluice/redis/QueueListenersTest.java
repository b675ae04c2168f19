package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link QueueListenersCases} on one Redis server. */
class QueueListenersTest extends QueueListenersCases {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("queue-listeners");

    @Override
    RedisScope redis() {
        return redis;
    }
}
