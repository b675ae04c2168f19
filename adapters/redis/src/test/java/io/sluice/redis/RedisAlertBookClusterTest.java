package io.sluice.redis;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The alert book on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisAlertBookClusterTest extends RedisAlertBookCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("alerts-cluster");

    @Override
    RedisScope redis() {
        return redis;
    }
}
