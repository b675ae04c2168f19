package io.sluice.redis;

import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The UpstreamLedger contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisUpstreamLedgerClusterTest extends UpstreamLedgerContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("upstream-cluster");

    @Override
    protected UpstreamLedger createLedger() {
        return new RedisUpstreamLedger(redis.client(), redis.prefix());
    }
}
