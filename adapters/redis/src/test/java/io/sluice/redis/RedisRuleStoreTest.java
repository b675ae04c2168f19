package io.sluice.redis;

import io.sluice.orchestration.port.RuleStore;
import io.sluice.testkit.contract.RuleStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The RuleStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisRuleStoreTest extends RuleStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("rules");

    @Override
    protected RuleStore createStore() {
        return new RedisRuleStore(redis.client(), redis.prefix());
    }
}
