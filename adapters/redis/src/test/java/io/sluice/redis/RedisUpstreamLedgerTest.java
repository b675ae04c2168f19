package io.sluice.redis;

import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The UpstreamLedger contract on a real Redis server; each test instance has its own key prefix. */
class RedisUpstreamLedgerTest extends UpstreamLedgerContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("upstream");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected UpstreamLedger createLedger() {
        return new RedisUpstreamLedger(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
