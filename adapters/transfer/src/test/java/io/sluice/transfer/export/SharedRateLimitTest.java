package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.task.Backoff;
import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/** Two workers (two Redis clients) pushing to one system share its rate limit through the Redis token bucket. */
class SharedRateLimitTest {
    private final String prefix = "sluice-test:bucket:" + UUID.randomUUID();
    private WireMockServer server;
    private RedissonClient workerA;
    private RedissonClient workerB;

    @BeforeEach
    void setUp() {
        server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        server.stubFor(post(urlEqualTo("/in")).willReturn(aResponse().withStatus(200)));
        workerA = RedisAdapters.client(RedisTestServer.shared().url());
        workerB = RedisAdapters.client(RedisTestServer.shared().url());
    }

    @AfterEach
    void tearDown() {
        workerA.getKeys().deleteByPattern(prefix + ":*");
        workerA.shutdown();
        workerB.shutdown();
        server.stop();
    }

    @Test
    void oneRequestASecondAcrossBothWorkers() {
        TestClock clock = new TestClock(Instant.parse("2026-11-29T06:00:00Z"));
        HttpTarget target = new HttpTarget(server.baseUrl() + "/in", "POST", Map.of(), Duration.ofSeconds(10),
                new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 3), "partner-api", new RateLimiter.Limit(1.0, 1),
                Duration.ofMinutes(1));
        HttpExporter a = new HttpExporter(target, Egress.http(Egress.localhost(server.port())), new RedisTokenBucket(workerA, prefix), clock, clock);
        HttpExporter b = new HttpExporter(target, Egress.http(Egress.localhost(server.port())), new RedisTokenBucket(workerB, prefix), clock, clock);
        for (int i = 0; i < 4; i++) {
            HttpExporter worker = i % 2 == 0 ? a : b;
            assertThat(worker.deliver(new Export("batch-" + i, "b.csv", "text/csv", new byte[] {1}))).isInstanceOf(Delivery.Delivered.class);
        }
        server.verify(4, postRequestedFor(urlEqualTo("/in")));
        assertThat(clock.sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1));
    }
}
