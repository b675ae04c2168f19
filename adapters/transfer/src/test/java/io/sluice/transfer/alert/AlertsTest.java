package io.sluice.transfer.alert;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.alert.FanOutAlertSink;
import io.sluice.functions.alert.LogAlertSink;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.redis.RedisTestServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/** Alerts go to the log and a webhook (WireMock), once per incident, deduplicated in Redis. */
class AlertsTest {
    private final String prefix = "sluice-test:alerts:" + UUID.randomUUID();
    private WireMockServer webhook;
    private RedissonClient redis;
    private AlertSink sink;

    @BeforeEach
    void setUp() {
        webhook = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        webhook.start();
        redis = RedisAdapters.client(RedisTestServer.shared().url());
        sink = once(Clock.systemUTC());
    }

    private long seed;

    private AlertSink once(Clock clock) {
        AlertSink both = new FanOutAlertSink(List.of(new LogAlertSink(),
                new WebhookAlertSink(URI.create(webhook.baseUrl() + "/hook"), HttpClient.newHttpClient(), Duration.ofSeconds(5), Map.of())));
        return new OncePerIncident(both, new RedisIdempotencyStore(redis, prefix), clock, Duration.ofHours(1), Duration.ofSeconds(30), "worker-1",
                io.sluice.orchestration.path.RandomSource.seeded(++seed)); // each instance a process of its own: its own draws
    }

    @AfterEach
    void tearDown() {
        redis.getKeys().deleteByPattern(prefix + ":*");
        redis.shutdown();
        webhook.stop();
    }

    @Test
    void anIncidentFiresOnceAsJson() {
        webhook.stubFor(post(urlEqualTo("/hook")).willReturn(aResponse().withStatus(204)));
        Alert alert = new Alert("execution-failed:orders:2026-11-29", Severity.ERROR, "Pipeline 'orders' FAILED", "Glue.JobFailed: ...");
        sink.fire(alert);
        sink.fire(alert);
        sink.fire(new Alert("execution-failed:orders:2026-11-30", Severity.ERROR, "another", "d"));
        webhook.verify(2, postRequestedFor(urlEqualTo("/hook")));
        webhook.verify(1, postRequestedFor(urlEqualTo("/hook")).withRequestBody(equalToJson(
                "{\"incidentKey\": \"execution-failed:orders:2026-11-29\", \"severity\": \"ERROR\", "
                        + "\"title\": \"Pipeline 'orders' FAILED\", \"detail\": \"Glue.JobFailed: ...\"}")));
    }

    @Test
    void aWebhookThatFailsLetsTheNextAttemptFireAfterTheLease() {
        webhook.stubFor(post(urlEqualTo("/hook")).inScenario("s").whenScenarioStateIs(STARTED)
                .willReturn(aResponse().withStatus(502)).willSetStateTo("up"));
        webhook.stubFor(post(urlEqualTo("/hook")).inScenario("s").whenScenarioStateIs("up").willReturn(aResponse().withStatus(200)));
        Instant t0 = Instant.parse("2026-11-29T06:00:00Z");
        Alert alert = new Alert("dead-letter:m-1", Severity.ERROR, "dead-lettered", "d");
        assertThatThrownBy(() -> once(Clock.fixed(t0, ZoneOffset.UTC)).fire(alert)).hasMessageContaining("HTTP 502");
        once(Clock.fixed(t0.plusSeconds(5), ZoneOffset.UTC)).fire(alert); // within the lease: someone may still be firing it
        once(Clock.fixed(t0.plusSeconds(31), ZoneOffset.UTC)).fire(alert);
        once(Clock.fixed(t0.plusSeconds(40), ZoneOffset.UTC)).fire(alert);
        webhook.verify(2, postRequestedFor(urlEqualTo("/hook")));
    }

    @Test
    void aDeadLetteredMessageAlertsOnceHoweverOftenItIsHandled() {
        webhook.stubFor(post(urlEqualTo("/hook")).willReturn(aResponse().withStatus(200)));
        InMemoryTaskQueue queue = new InMemoryTaskQueue(Clock.systemUTC(), 5);
        DeadLetterHandler handler = new DeadLetterHandler(queue, QueueNames.DEFAULT, sink);
        ReceivedMessage poison = new ReceivedMessage("m-42", "r", "{}", Map.of("executionId", "orders:2026-11-29"), 5);
        assertThat(handler.handle("sluice-task-glue-launch", poison)).isEqualTo("orders:2026-11-29");
        handler.handle("sluice-task-glue-launch", poison);
        webhook.verify(1, postRequestedFor(urlEqualTo("/hook")).withRequestBody(
                com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath("$.incidentKey", com.github.tomakehurst.wiremock.client.WireMock.equalTo("dead-letter:m-42"))));
    }
}
