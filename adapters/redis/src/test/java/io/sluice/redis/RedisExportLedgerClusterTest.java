package io.sluice.redis;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;

import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExportLedger contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisExportLedgerClusterTest extends ExportLedgerContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("export-cluster");

    @Override
    protected ExportLedger createLedger() {
        return new RedisExportLedger(redis.client(), redis.prefix());
    }
}
