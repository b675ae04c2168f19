package io.sluice.redis;

import io.sluice.orchestration.port.RuleStore;
import io.sluice.testkit.contract.RuleStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The RuleStore contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisRuleStoreClusterTest extends RuleStoreContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("rules-cluster");

    @Override
    protected RuleStore createStore() {
        return new RedisRuleStore(redis.client(), redis.prefix());
    }
}
