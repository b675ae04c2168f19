package io.sluice.transfer.event;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.orchestration.port.EventSink.CloudEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The event webhook against a real HTTP server (WireMock): structured CloudEvents, retries on 5xx, no retry on a refusal. */
class WebhookEventSinkTest {
    private static final String JSON = "{\"specversion\":\"1.0\",\"id\":\"orders:a/2/e0\",\"source\":\"/sluice/local/pipelines/orders\","
            + "\"type\":\"io.sluice.execution.succeeded\",\"subject\":\"orders:a\",\"time\":\"2026-12-01T06:00:00Z\","
            + "\"datacontenttype\":\"application/json\",\"data\":{\"pipeline\":\"orders\",\"status\":\"SUCCEEDED\"}}";
    private static final CloudEvent EVENT = new CloudEvent("orders:a/2/e0", "io.sluice.execution.succeeded",
            "/sluice/local/pipelines/orders", "orders:a", JSON);

    private WireMockServer server;
    private WebhookEventSink sink;

    @BeforeEach
    void setUp() {
        server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        sink = new WebhookEventSink(URI.create(server.baseUrl() + "/events"), HttpClient.newHttpClient(),
                new WebhookEventSink.Settings(Duration.ofSeconds(5), 3, Duration.ofMillis(1)), Map.of("Authorization", "Bearer t0k"));
    }

    @AfterEach
    void tearDown() {
        server.stop();
    }

    @Test
    void postsTheEventInStructuredModeWithTheConfiguredHeaders() {
        server.stubFor(post("/events").willReturn(aResponse().withStatus(202)));
        sink.deliver(EVENT);
        server.verify(1, postRequestedFor(urlEqualTo("/events"))
                .withHeader("Content-Type", equalTo(WebhookEventSink.CONTENT_TYPE))
                .withHeader("Authorization", equalTo("Bearer t0k"))
                .withRequestBody(equalToJson(JSON)));
    }

    @Test
    void retriesA5xxAndDeliversOnTheNextAttempt() {
        server.stubFor(post("/events").inScenario("flaky").whenScenarioStateIs(STARTED).willReturn(aResponse().withStatus(503))
                .willSetStateTo("up"));
        server.stubFor(post("/events").inScenario("flaky").whenScenarioStateIs("up").willReturn(aResponse().withStatus(200)));
        sink.deliver(EVENT);
        server.verify(2, postRequestedFor(urlEqualTo("/events")));
    }

    @Test
    void givesUpAfterItsAttemptsSoTheQueueBringsTheEventBack() {
        server.stubFor(post("/events").willReturn(aResponse().withStatus(500)));
        assertThatThrownBy(() -> sink.deliver(EVENT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HTTP 500").hasMessageContaining("3 attempt(s)");
        server.verify(3, postRequestedFor(urlEqualTo("/events")));
    }

    @Test
    void aRefusalIsNotRetried() {
        server.stubFor(post("/events").willReturn(aResponse().withStatus(400)));
        sink.deliver(EVENT);
        server.verify(1, postRequestedFor(urlEqualTo("/events")));
    }

    @Test
    void anUnreachableReceiverIsRetriedThenThrown() {
        int port = server.port();
        server.stop();
        WebhookEventSink down = new WebhookEventSink(URI.create("http://127.0.0.1:" + port + "/events"), HttpClient.newHttpClient(),
                new WebhookEventSink.Settings(Duration.ofSeconds(2), 2, Duration.ofMillis(1)), Map.of());
        assertThatThrownBy(() -> down.deliver(EVENT)).hasMessageContaining("could not be reached");
    }
}
