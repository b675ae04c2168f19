package io.sluice.redis;

import io.sluice.orchestration.port.BackfillStore;
import io.sluice.testkit.contract.BackfillStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The BackfillStore contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisBackfillStoreClusterTest extends BackfillStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("backfills-cluster");

    @Override
    protected BackfillStore createStore() {
        return new RedisBackfillStore(redis.client(), redis.prefix());
    }
}
