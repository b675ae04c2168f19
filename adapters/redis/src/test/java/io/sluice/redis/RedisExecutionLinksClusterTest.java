package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.testkit.contract.ExecutionLinksContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExecutionLinks contract on the loopback Redis Cluster, with a key prefix of each test's own. */
class RedisExecutionLinksClusterTest extends ExecutionLinksContract {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("links-cluster");

    @Override
    protected ExecutionLinks createLinks() {
        return new RedisExecutionLinks(redis.client(), redis.prefix());
    }
}
