package io.sluice.aws.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.EventBridgeStub;
import io.sluice.functions.events.cloud.CloudEventJson;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.EventSink.CloudEvent;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * Execution events on EventBridge through the real AWS SDK client against {@link EventBridgeStub}, a scripted stub of
 * PutEvents (JSON 1.1): EventBridge does not run here, so this shows the request Sluice makes, not what a bus does with it.
 */
class EventBridgeEventSinkTest {
    private static EventBridgeStub stub;
    private static EventBridgeClient client;

    @BeforeAll
    static void start() {
        stub = new EventBridgeStub();
        client = AwsClients.build(EventBridgeClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
    }

    @AfterAll
    static void stop() {
        client.close();
        stub.close();
    }

    private static CloudEvent event() {
        return CloudEventJson.of(new ExecutionEvent("orders:a/3/e0", ExecutionEvent.Kind.FAILED, "orders:a", "orders", "2026-11-29",
                "FAILED", "Glue.JobFailed", "the job failed", null, 0, Instant.parse("2026-12-01T06:00:00Z")), "retail", "/sluice/aws");
    }

    @Test
    void theCloudEventIsTheDetailAndItsTypeTheDetailType() {
        new EventBridgeEventSink(client, "sluice-executions", EventBridgeEventSink.DEFAULT_SOURCE).deliver(event());
        JsonNode entry = stub.calls("PutEvents").getLast().body().get("Entries").get(0);
        assertThat(entry.get("EventBusName").asText()).isEqualTo("sluice-executions");
        assertThat(entry.get("Source").asText()).isEqualTo("io.sluice");
        assertThat(entry.get("DetailType").asText()).isEqualTo("io.sluice.execution.failed");
        JsonNode detail = Json.parse(entry.get("Detail").asText());
        assertThat(detail.get("specversion").asText()).isEqualTo("1.0");
        assertThat(detail.get("id").asText()).isEqualTo("orders:a/3/e0");
        assertThat(detail.get("subject").asText()).isEqualTo("orders:a");
        assertThat(detail.get("data").get("tenant").asText()).isEqualTo("retail");
        assertThat(detail.get("data").get("error").asText()).isEqualTo("Glue.JobFailed");
        assertThat(entry.get("Time").asLong()).isEqualTo(Instant.parse("2026-12-01T06:00:00Z").getEpochSecond());
    }

    @Test
    void aFailedEntryThrowsSoTheEventComesBack() {
        assertThatThrownBy(() -> new EventBridgeEventSink(client, "missing", "io.sluice").deliver(event()))
                .hasMessageContaining("NotFoundException").hasMessageContaining("orders:a/3/e0");
    }

    @Test
    void anAwsSourceIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new EventBridgeEventSink(client, "b", "aws.sluice")).hasMessageContaining("sluice.events.event-source");
    }
}
