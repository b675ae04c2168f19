package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The alert book on a real single Redis server; each test instance has its own key prefix (RedisScope). */
class RedisAlertBookTest extends RedisAlertBookCases {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("alerts");

    @Override
    RedisScope redis() {
        return redis;
    }
}
