package io.sluice.redis;

import io.sluice.orchestration.port.LineageLog;
import io.sluice.testkit.contract.LineageLogContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LineageLog contract on the loopback Redis Cluster; each test instance has its own key prefix (RedisScope). */
class RedisLineageLogClusterTest extends LineageLogContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("lineage-cluster");

    @Override
    protected LineageLog createLog() {
        return new RedisLineageLog(redis.client(), redis.prefix());
    }
}
