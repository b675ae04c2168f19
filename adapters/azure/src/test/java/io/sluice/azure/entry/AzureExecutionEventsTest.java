package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.azure.publish.ScriptedAzureMessaging;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The execution events of a run through the Azure entry points in process (http-api, the Storage Queue functions on
 * Azurite, real Redis), with {@code sluice.events.event-grid-topic-endpoint} set. Event Grid cannot run here: the
 * topic is {@link ScriptedAzureMessaging}'s stub of its publish endpoint (200 for the right {@code aeg-sas-key}), which
 * records what the {@code events} function posted; it shows the requests, not delivery to subscribers.
 */
class AzureExecutionEventsTest {

    @Test
    void aRunPublishesItsStartedAndSucceededEventsToTheTopicAsCloudEvents() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/urgent/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"}, "body": {"name": "evented-1"}}"""));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return types(id).contains("io.sluice.execution.succeeded");
        });

        assertThat(types(id)).containsSubsequence("io.sluice.execution.started", "io.sluice.execution.succeeded");
        for (JsonNode e : events(id)) {
            assertThat(e.get("specversion").asText()).isEqualTo("1.0");
            assertThat(e.get("source").asText()).isEqualTo("/sluice/azure/pipelines/urgent");
        }
        assertThat(AzureTestApp.messaging().requests().stream().filter(r -> r.path().startsWith("/eventgrid/executions/")))
                .allSatisfy(r -> assertThat(r.header("content-type")).startsWith("application/cloudevents-batch+json"));
    }

    private static List<JsonNode> events(String executionId) {
        return AzureTestApp.messaging().requests().stream().filter(r -> r.path().startsWith("/eventgrid/executions/"))
                .map(ScriptedAzureMessaging::json).map(batch -> batch.get(0)).filter(e -> e.path("subject").asText().equals(executionId)).toList();
    }

    private static List<String> types(String executionId) {
        return events(executionId).stream().map(e -> e.get("type").asText()).toList();
    }
}
