package io.sluice.redis;

import io.sluice.orchestration.port.DeadLetterStore;
import io.sluice.testkit.contract.DeadLetterStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The DeadLetterStore contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisDeadLetterStoreClusterTest extends DeadLetterStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("dlq-cluster");

    @Override
    protected DeadLetterStore createStore(int bound) {
        return new RedisDeadLetterStore(redis.client(), redis.prefix(), bound);
    }
}
