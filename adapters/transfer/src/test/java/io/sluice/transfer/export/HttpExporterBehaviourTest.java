package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.task.Backoff;
import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Retries, Retry-After, rejections and headers, against WireMock; time moves only when the exporter sleeps. */
class HttpExporterBehaviourTest {
    private static WireMockServer server;
    private final TestClock clock = new TestClock(Instant.parse("2026-11-29T06:00:00Z"));
    private static final Export EXPORT = new Export("orders-2026-11-29", "orders.csv", "text/csv",
            "id\n1\n".getBytes(StandardCharsets.UTF_8));

    @BeforeAll
    static void start() {
        server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.resetAll();
    }

    private HttpExporter exporter(int maxRetries) {
        HttpTarget target = new HttpTarget(server.baseUrl() + "/in", "POST", Map.of("Authorization", "Bearer s3cret"),
                Duration.ofSeconds(10), new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(60), maxRetries), "partner",
                new RateLimiter.Limit(100, 100), Duration.ofMinutes(1));
        return new HttpExporter(target, Egress.http(Egress.localhost(server.port())), new InMemoryRateLimiter(), clock, clock);
    }

    private static void respond(int... statuses) {
        String state = STARTED;
        for (int i = 0; i < statuses.length; i++) {
            String next = "step-" + (i + 1);
            var response = aResponse().withStatus(statuses[i]).withBody("status " + statuses[i]);
            server.stubFor(post(urlEqualTo("/in")).inScenario("s").whenScenarioStateIs(state).willReturn(response).willSetStateTo(next));
            state = next;
        }
    }

    @Test
    void sendsTheBatchIdAsIdempotencyKeyWithTheContentAndConfiguredHeaders() {
        respond(200);
        assertThat(exporter(3).deliver(EXPORT)).isInstanceOf(Delivery.Delivered.class);
        server.verify(1, postRequestedFor(urlEqualTo("/in")).withHeader("Idempotency-Key", equalTo("orders-2026-11-29"))
                .withHeader("Content-Type", equalTo("text/csv")).withHeader("Authorization", equalTo("Bearer s3cret"))
                .withRequestBody(equalTo("id\n1\n")));
    }

    @Test
    void serverErrorsAreRetriedWithExponentialBackoff() {
        respond(503, 500, 502, 201);
        assertThat(exporter(5).deliver(EXPORT)).isInstanceOf(Delivery.Delivered.class);
        assertThat(clock.sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
        server.verify(4, postRequestedFor(urlEqualTo("/in")).withHeader("Idempotency-Key", equalTo("orders-2026-11-29")));
    }

    @Test
    void tooManyRequestsWaitsAsLongAsRetryAfterSaysUnderTheCap() {
        server.stubFor(post(urlEqualTo("/in")).inScenario("s").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "7")).willSetStateTo("a"));
        server.stubFor(post(urlEqualTo("/in")).inScenario("s").whenScenarioStateIs("a")
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "3600")).willSetStateTo("b"));
        server.stubFor(post(urlEqualTo("/in")).inScenario("s").whenScenarioStateIs("b").willReturn(aResponse().withStatus(202)));
        assertThat(exporter(5).deliver(EXPORT)).isInstanceOf(Delivery.Delivered.class);
        assertThat(clock.sleeps).containsExactly(Duration.ofSeconds(7), Duration.ofSeconds(60));
    }

    @Test
    void aLimitThatNeverLiftsIsRateLimitedAndErrorsThatPersistFail() {
        respond(429, 429, 429);
        assertThat(exporter(2).deliver(EXPORT)).isInstanceOfSatisfying(Delivery.RateLimited.class,
                r -> assertThat(r.reason()).contains("429", "3 attempts"));
        server.resetAll();
        respond(500, 500, 500);
        assertThat(exporter(2).deliver(EXPORT)).isInstanceOf(Delivery.Failed.class);
    }

    @Test
    void otherClientErrorsAreRejectedAtOnce() {
        respond(422);
        assertThat(exporter(5).deliver(EXPORT)).isEqualTo(new Delivery.Rejected(422, "status 422"));
        assertThat(clock.sleeps).isEmpty();
        server.verify(1, postRequestedFor(urlEqualTo("/in")));
    }

    @Test
    void anUnreachableServerFailsAfterItsRetries() {
        HttpTarget target = new HttpTarget("http://127.0.0.1:1/in", "POST", Map.of(), Duration.ofSeconds(2),
                new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(60), 2), "down", new RateLimiter.Limit(100, 100), Duration.ofMinutes(1));
        Delivery d = new HttpExporter(target, Egress.http("127.0.0.1:1"), new InMemoryRateLimiter(), clock, clock).deliver(EXPORT);
        assertThat(d).isInstanceOfSatisfying(Delivery.Failed.class, f -> assertThat(f.reason()).contains("3 attempts"));
        assertThat(clock.sleeps).hasSize(2);
    }
}
