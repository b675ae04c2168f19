package io.sluice.redis;

import io.sluice.orchestration.port.LineageLog;
import io.sluice.testkit.contract.LineageLogContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LineageLog contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisLineageLogTest extends LineageLogContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("lineage");

    @Override
    protected LineageLog createLog() {
        return new RedisLineageLog(redis.client(), redis.prefix());
    }
}
