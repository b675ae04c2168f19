package io.sluice.redis;

import io.sluice.orchestration.port.DeadLetterStore;
import io.sluice.testkit.contract.DeadLetterStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The DeadLetterStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisDeadLetterStoreTest extends DeadLetterStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("dlq");

    @Override
    protected DeadLetterStore createStore(int bound) {
        return new RedisDeadLetterStore(redis.client(), redis.prefix(), bound);
    }
}
