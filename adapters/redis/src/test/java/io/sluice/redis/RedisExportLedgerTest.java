package io.sluice.redis;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.redisson.api.RedissonClient;

/** The ExportLedger contract on a real Redis server; each test instance has its own key prefix. */
class RedisExportLedgerTest extends ExportLedgerContract {
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("export");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @Override
    protected ExportLedger createLedger() {
        return new RedisExportLedger(redisson, prefix);
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }
}
