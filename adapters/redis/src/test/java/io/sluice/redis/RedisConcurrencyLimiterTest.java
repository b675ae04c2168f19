package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.orchestration.port.ConcurrencyLimiter.Slot;
import io.sluice.testkit.contract.ConcurrencyLimiterContract;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RedissonClient;

/** The ConcurrencyLimiter contract on a real Redis server, plus two clients (as two processes) sharing one limit. */
class RedisConcurrencyLimiterTest extends ConcurrencyLimiterContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("limit");

    @Override
    protected ConcurrencyLimiter createLimiter() {
        return new RedisConcurrencyLimiter(redis.client(), redis.prefix());
    }

    @Test
    void twoClientsShareOneLimit() {
        RedissonClient other = RedisAdapters.client(RedisTestServer.shared().url());
        try {
            Instant now = Instant.parse("2026-11-29T06:00:00Z");
            ConcurrencyLimiter first = new RedisConcurrencyLimiter(redis.client(), redis.prefix());
            ConcurrencyLimiter second = new RedisConcurrencyLimiter(other, redis.prefix());
            List<Slot> p3 = List.of(new Slot("channel:P3", 2));
            assertThat(first.tryHold(p3, "one", now, Duration.ofSeconds(30)).granted()).isTrue();
            assertThat(second.tryHold(p3, "two", now, Duration.ofSeconds(30)).granted()).isTrue();
            assertThat(first.tryHold(p3, "three", now, Duration.ofSeconds(30)).granted()).isFalse();
            assertThat(second.tryHold(p3, "four", now, Duration.ofSeconds(30)).granted()).isFalse();
            second.release(List.of("channel:P3"), "one");
            assertThat(second.tryHold(p3, "four", now, Duration.ofSeconds(30)).granted()).as("a release by any client frees the slot").isTrue();
        } finally {
            other.shutdown();
        }
    }
}
