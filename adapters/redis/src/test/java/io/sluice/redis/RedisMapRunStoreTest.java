package io.sluice.redis;

import io.sluice.orchestration.port.MapRunStore;
import io.sluice.testkit.contract.MapRunStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The MapRunStore contract on a real Redis server, with a key prefix of each test's own. */
class RedisMapRunStoreTest extends MapRunStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("maprun");

    @Override
    protected MapRunStore createStore() {
        return new RedisMapRunStore(redis.client(), redis.prefix());
    }
}
