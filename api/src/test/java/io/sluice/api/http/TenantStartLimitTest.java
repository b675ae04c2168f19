package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/** The start limit on the Redis token bucket, with the clock standing still: ten a second means the 11th waits. */
class TenantStartLimitTest {
    private static final String PREFIX = "sluice-test:start-limit:" + UUID.randomUUID();
    private static RedissonClient redisson;

    @BeforeAll
    static void connect() {
        redisson = RedisAdapters.client(RedisTestServer.shared().url());
    }

    @AfterAll
    static void cleanUp() {
        redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(PREFIX + ":*")).forEach(k -> redisson.getKeys().delete(k));
        assertThat(redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(PREFIX + ":*"))).isEmpty();
        redisson.shutdown();
    }

    @Test
    void theEleventhStartInASecondWaitsAndOtherTenantsDoNot() {
        Clock still = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
        TenantStartLimit limit = new TenantStartLimit(new RedisTokenBucket(redisson, PREFIX), still, new RateLimiter.Limit(10, 10),
                Map.of("vip", new RateLimiter.Limit(1000, 1000)));
        for (int i = 0; i < 10; i++) {
            assertThat(limit.wait("a")).as("start %d", i + 1).isEmpty();
        }
        assertThat(limit.wait("a")).hasValueSatisfying(w -> assertThat(w).isPositive().isLessThanOrEqualTo(Duration.ofMillis(100)));
        assertThat(limit.wait("b")).isEmpty();
        for (int i = 0; i < 100; i++) {
            assertThat(limit.wait("vip")).isEmpty();
        }
        assertThat(limit.wait(null)).as("local mode").isEmpty();
    }
}
