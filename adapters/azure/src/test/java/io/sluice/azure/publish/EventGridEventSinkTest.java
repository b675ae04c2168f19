package io.sluice.azure.publish;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.events.cloud.CloudEventJson;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink.CloudEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Execution events to an Event Grid topic. Event Grid does not run here: WireMock plays the topic endpoint, scripted to
 * answer as Event Grid does (200, or 401 for a wrong key), so this shows the request Sluice makes, not delivery onward.
 */
class EventGridEventSinkTest {
    private WireMockServer topic;

    @BeforeEach
    void setUp() {
        topic = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        topic.start();
    }

    @AfterEach
    void tearDown() {
        topic.stop();
    }

    private EventGridEventSink sink(String key) {
        return new EventGridEventSink(URI.create(topic.baseUrl() + "/api/events"), Authorization.eventGridKey(key), HttpClient.newHttpClient());
    }

    private static CloudEvent event() {
        return CloudEventJson.of(new ExecutionEvent("orders:a/2/e1", ExecutionEvent.Kind.SUCCEEDED, "orders:a", "orders", "2026-11-29",
                "SUCCEEDED", null, null, null, 0, Instant.parse("2026-12-01T06:00:00Z")), null, "/sluice/azure");
    }

    @Test
    void theEventIsPostedAsABatchOfOneInTheCloudEventsSchemaWithTheKey() {
        topic.stubFor(post("/api/events").withHeader("aeg-sas-key", equalTo("k3y")).willReturn(aResponse().withStatus(200)));
        sink("k3y").deliver(event());
        topic.verify(1, postRequestedFor(urlEqualTo("/api/events")).withHeader("Content-Type", equalTo(EventGridEventSink.CONTENT_TYPE)));
        JsonNode batch = Json.parse(topic.getAllServeEvents().getFirst().getRequest().getBodyAsString());
        assertThat(batch.isArray()).isTrue();
        assertThat(batch).hasSize(1);
        assertThat(batch.get(0).get("specversion").asText()).isEqualTo("1.0");
        assertThat(batch.get(0).get("type").asText()).isEqualTo("io.sluice.execution.succeeded");
        assertThat(batch.get(0).get("source").asText()).isEqualTo("/sluice/azure/pipelines/orders");
    }

    @Test
    void aRefusalThrowsSoTheEventComesBack() {
        topic.stubFor(post("/api/events").willReturn(aResponse().withStatus(401)));
        assertThatThrownBy(() -> sink("wrong").deliver(event())).hasMessageContaining("HTTP 401").hasMessageContaining("orders:a/2/e1")
                .hasMessageNotContaining("wrong");
    }
}
