package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.testkit.contract.ExecutionLinksContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExecutionLinks contract on a real Redis server, with a key prefix of each test's own. */
class RedisExecutionLinksTest extends ExecutionLinksContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("links");

    @Override
    protected ExecutionLinks createLinks() {
        return new RedisExecutionLinks(redis.client(), redis.prefix());
    }
}
