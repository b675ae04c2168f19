package io.sluice.redis;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExportLedger contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisExportLedgerTest extends ExportLedgerContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("export");

    @Override
    protected ExportLedger createLedger() {
        return new RedisExportLedger(redis.client(), redis.prefix());
    }
}
