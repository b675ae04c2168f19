package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The coupled writes on a single Redis node. */
class RedisCoupledWritesTest extends RedisCoupledWritesCases {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("coupled");

    @Override
    RedisScope redis() {
        return redis;
    }
}
