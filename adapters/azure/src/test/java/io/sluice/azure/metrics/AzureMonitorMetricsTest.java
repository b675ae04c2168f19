package io.sluice.azure.metrics;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import io.sluice.testkit.time.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The runtime's meters as the Azure host sends them to Application Insights, received by a WireMock server standing in
 * for the ingestion endpoint (no Azure here). What is checked is the shape Azure Monitor's exporter posts to
 * {@code <IngestionEndpoint>/v2.1/track}: JSON telemetry items, {@code data.baseType} {@code MetricData},
 * {@code baseData.metrics[]} of {@code name}/{@code value}/{@code count}, the meter's tags in {@code baseData.properties}
 * (what Application Insights shows as {@code customMetrics.customDimensions}); whether Azure accepts them is not.
 */
class AzureMonitorMetricsTest {
    static final String IKEY = "00000000-0000-0000-0000-0000000000a1";
    static final String FAILING = """
            {"StartAt": "Boom", "States": {"Boom": {"Type": "Fail", "Error": "Feed.Missing"}}}""";

    WireMockServer ingestion;

    @BeforeEach
    void start() {
        ingestion = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        ingestion.start();
        ingestion.stubFor(post(urlPathEqualTo("/v2.1/track")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"itemsReceived\": 0, \"itemsAccepted\": 0, \"errors\": []}")));
    }

    @AfterEach
    void stop() {
        ingestion.stop();
    }

    /** Every endpoint of the connection string on the loopback receiver (the live-metrics one too), so nothing leaves the machine. */
    String connectionString() {
        String here = "http://127.0.0.1:" + ingestion.port() + "/";
        return "InstrumentationKey=" + IKEY + ";IngestionEndpoint=" + here + ";LiveEndpoint=" + here;
    }

    @Test
    void aFailedRunReachesTheIngestionEndpointAsMetricDataWithItsTags() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-05T00:00:00Z"));
        RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), new InMemoryTaskQueue(clock, 5),
                new InMemoryTimerIndex(), new InMemoryDefinitionStore());
        Tenancy tenancy = pipeline -> Optional.of("acme");
        try (AzureMonitorMetrics metrics = new AzureMonitorMetrics(connectionString(), null, Duration.ofHours(1), false)) {
            SluiceRuntime runtime = RuntimeBuilder.on(ports, QueueNames.DEFAULT, clock).metrics(metrics.registry(), tenancy).build();
            runtime.orchestrator().start("nightly", "run-7", DefinitionParser.parse(Json.parse(FAILING)), Json.object());

            assertThat(metrics.flush(Duration.ofSeconds(30))).as("the exporter sent the meters and the endpoint took them").isTrue();

            List<JsonNode> items = items();
            JsonNode ended = metric(items, "sluice.executions.ended", Map.of("outcome", "failed", "pipeline", "nightly"));
            assertThat(ended.path("iKey").asText()).isEqualTo(IKEY);
            assertThat(ended.path("name").asText()).as("an Application Insights metric item").endsWith("Metric");
            JsonNode data = ended.path("data").path("baseData");
            assertThat(data.path("metrics").get(0).path("value").asDouble()).isEqualTo(1.0);
            assertThat(data.path("properties").path("tenant").asText()).isEqualTo("acme");
            assertThat(data.path("properties").path("channel").asText()).isEqualTo("P2");
            JsonNode duration = metric(items, "sluice.execution.duration", Map.of("outcome", "failed"));
            assertThat(duration.path("data").path("baseData").path("metrics").get(0).path("count").asInt()).isEqualTo(1);
            // What the Terraform module's alerts query (infra-terraform/modules/azure/monitoring.tf): a timer's maximum is a
            // metric of its own, <name>.max, in seconds.
            assertThat(metric(items, "sluice.timer.lag.max", Map.of()).path("data").path("baseData").path("metrics").get(0).has("value")).isTrue();
            assertThat(items).as("no item names the execution").noneSatisfy(i -> assertThat(i.toString()).contains("run-7"));
        }
    }

    /**
     * The run's spans go to Application Insights directly when no OTEL_* variable sends them elsewhere: the exporter posts
     * them to the same track endpoint as request/dependency items ({@code RequestData}, {@code RemoteDependencyData}), and
     * Application Insights groups one execution's under one {@code ai.operation.id} (the trace id).
     */
    @Test
    void aRunsSpansReachTheIngestionEndpointAsOneOperation() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-05T00:00:00Z"));
        RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), new InMemoryTaskQueue(clock, 5),
                new InMemoryTimerIndex(), new InMemoryDefinitionStore());
        try (AzureMonitorMetrics monitor = new AzureMonitorMetrics(connectionString(), null, Duration.ofHours(1), true)) {
            SluiceRuntime runtime = RuntimeBuilder.on(ports, QueueNames.DEFAULT, clock).metrics(monitor.registry(), pipeline -> Optional.empty())
                    .tracing(monitor.tracing().orElseThrow()).build();
            runtime.orchestrator().start("nightly", "run-8", DefinitionParser.parse(Json.parse(FAILING)), Json.object());

            assertThat(monitor.flush(Duration.ofSeconds(30))).isTrue();

            List<JsonNode> spans = items().stream().filter(i -> List.of("RequestData", "RemoteDependencyData")
                    .contains(i.path("data").path("baseType").asText())).toList();
            assertThat(spans).as("the start and the state it entered").hasSizeGreaterThanOrEqualTo(2);
            assertThat(spans).extracting(i -> i.path("tags").path("ai.operation.id").asText()).as("one operation: the execution's trace")
                    .doesNotContain("").containsOnly(spans.get(0).path("tags").path("ai.operation.id").asText());
            assertThat(spans).extracting(i -> i.path("data").path("baseData").path("name").asText()).contains("sluice.start");
        }
    }

    @Test
    void theVariablesDecideWhetherAndHowMetricsAreSent() {
        assertThat(AzureMonitorMetrics.tracesHere(name -> null)).as("nothing says otherwise: spans go with the meters").isTrue();
        assertThat(AzureMonitorMetrics.tracesHere(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")::get))
                .as("an OTLP endpoint: ProcessTracing sends them there").isFalse();
        assertThat(AzureMonitorMetrics.tracesHere(Map.of("OTEL_TRACES_EXPORTER", "none")::get)).isFalse();
        assertThat(AzureMonitorMetrics.fromEnvironment(name -> null)).as("no connection string: no metrics").isEmpty();
        assertThat(AzureMonitorMetrics.credential(null)).isNull();
        assertThat(AzureMonitorMetrics.credential("Authorization=AAD;ClientId=3f1c0b7e-0000-4000-8000-000000000001"))
                .as("the module's setting: the app's user-assigned identity signs the uploads")
                .isInstanceOf(com.azure.identity.ManagedIdentityCredential.class);
        assertThat(AzureMonitorMetrics.parts(" Authorization = AAD ; ClientId=x ")).containsEntry("authorization", "AAD").containsEntry("clientid", "x");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AzureMonitorMetrics("https://example.invalid", null, Duration.ofMinutes(1), true))
                .hasMessageContaining("APPLICATIONINSIGHTS_CONNECTION_STRING").hasMessageContaining("InstrumentationKey");
    }

    /** The item of metric {@code name} whose properties hold {@code tags}. */
    static JsonNode metric(List<JsonNode> items, String name, Map<String, String> tags) {
        return items.stream().filter(i -> "MetricData".equals(i.path("data").path("baseType").asText()))
                .filter(i -> name.equals(i.path("data").path("baseData").path("metrics").path(0).path("name").asText()))
                .filter(i -> tags.entrySet().stream().allMatch(t -> t.getValue().equals(i.path("data").path("baseData").path("properties").path(t.getKey()).asText())))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " " + tags + " among " + items));
    }

    /** Every telemetry item posted to the track endpoint: newline-separated JSON, gzipped when the request says so. */
    List<JsonNode> items() {
        List<JsonNode> items = new ArrayList<>();
        for (LoggedRequest r : ingestion.findAll(postRequestedFor(urlPathEqualTo("/v2.1/track")))) {
            for (String line : body(r).split("\n")) {
                if (!line.isBlank()) {
                    items.add(Json.parse(line));
                }
            }
        }
        return items;
    }

    static String body(LoggedRequest r) {
        byte[] raw = r.getBody();
        if (raw.length > 1 && (raw[0] & 0xff) == 0x1f && (raw[1] & 0xff) == 0x8b) {
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(raw))) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new String(raw, StandardCharsets.UTF_8);
    }
}
