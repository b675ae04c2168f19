package io.sluice.redis;

import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The UpstreamLedger contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisUpstreamLedgerTest extends UpstreamLedgerContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("upstream");

    @Override
    protected UpstreamLedger createLedger() {
        return new RedisUpstreamLedger(redis.client(), redis.prefix());
    }
}
