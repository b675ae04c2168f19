package io.sluice.redis;

import io.sluice.orchestration.port.MapRunStore;
import io.sluice.testkit.contract.MapRunStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The MapRunStore contract on the loopback Redis Cluster, with a key prefix of each test's own. */
class RedisMapRunStoreClusterTest extends MapRunStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("maprun-cluster");

    @Override
    protected MapRunStore createStore() {
        return new RedisMapRunStore(redis.client(), redis.prefix());
    }
}
