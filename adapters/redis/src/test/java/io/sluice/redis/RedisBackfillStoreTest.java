package io.sluice.redis;

import io.sluice.orchestration.port.BackfillStore;
import io.sluice.testkit.contract.BackfillStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The BackfillStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisBackfillStoreTest extends BackfillStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("backfills");

    @Override
    protected BackfillStore createStore() {
        return new RedisBackfillStore(redis.client(), redis.prefix());
    }
}
