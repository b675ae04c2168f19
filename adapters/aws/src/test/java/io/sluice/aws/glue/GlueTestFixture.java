package io.sluice.aws.glue;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.GlueStub;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import software.amazon.awssdk.services.glue.GlueClient;

/** The Glue stub, a client of it, and claims in the test Redis under a key prefix of their own. */
final class GlueTestFixture implements AutoCloseable {
    static final String SUCCEEDS = "contract-succeeds";
    static final String FAILS = "contract-fails";

    final GlueStub stub = new GlueStub().job(SUCCEEDS, "SUCCEEDED", null, 3).job(FAILS, "FAILED", "ZeroDivisionError: division by zero", 2);
    final GlueClient glue = AwsClients.build(GlueClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
    private final String prefix = "sluice-glue-" + UUID.randomUUID().toString().substring(0, 8);
    final RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix));

    IdempotencyStore claims() {
        return redis.idempotencyStore();
    }

    /**
     * Waits for another start's run id for real, from 10 ms doubling to 200 ms: those waits are the launcher's
     * own behaviour under test (ten threads starting one token), not a test waiting for time to pass.
     */
    GlueJobLauncher launcher(Clock clock, String owner) {
        GlueLauncherSettings settings = new GlueLauncherSettings(5, Duration.ofSeconds(30),
                new Backoff(Duration.ofMillis(10), 2.0, Duration.ofMillis(200), 100), Duration.ofDays(1));
        return new GlueJobLauncher(glue, claims(), settings, clock, Sleeper.REAL, owner);
    }

    @Override
    public void close() {
        glue.close();
        stub.close();
        redis.close();
        io.sluice.testkit.redis.RedisCleanup.delete(RedisTestServer.shared().url(), prefix);
    }
}
