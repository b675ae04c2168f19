package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link RedisActivityTasksCases} on one Redis server. */
class RedisActivityTasksTest extends RedisActivityTasksCases {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("activities");

    @Override
    RedisScope redis() {
        return redis;
    }
}
