package io.sluice.azure.eventgrid;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.azure.AzuriteClients;
import io.sluice.azure.blob.BlobObjectStore;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.object.EventFormat;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.StoreKind;
import io.sluice.functions.trigger.object.TriggerMetrics;
import io.sluice.functions.trigger.object.TriggerReport;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Event Grid deliveries into the object trigger. Azurite emits no Event Grid events, so the BlobCreated event
 * of a blob written to Azurite is built here the way Event Grid builds it (subject, eTag, contentLength, url from
 * the blob's properties); the handshake body is Event Grid's documented shape.
 */
class EventGridDeliveryTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, String> executions = new ConcurrentHashMap<>();
    private final List<JsonNode> inputs = new ArrayList<>();
    private EventGridDelivery delivery;
    private BlobContainerClient container;

    @BeforeEach
    void setUp() {
        container = AzuriteClients.newContainer();
        ObjectRules rules = ObjectRules.parse("{\"rules\": [{\"id\": \"sales-csv\", \"store\": \"azure-blob\", \"bucket\": \""
                + container.getBlobContainerName() + "\", \"prefix\": \"sales/\", \"suffix\": \".csv\", \"pipeline\": \"sales\","
                + " \"partition\": {\"pattern\": \"sales/{yyyy}/{MM}/{dd}/\"}, \"input\": {\"key\": \"${key}\", \"partition\": \"${partition}\"}}]}");
        ObjectTrigger trigger = new ObjectTrigger(rules, (pipeline, name, input) -> {
            ExecutionSummary summary = new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", "sha256:x", Instant.EPOCH, null);
            inputs.add(input);
            return executions.putIfAbsent(name, pipeline) == null ? new StartResult.Started(summary) : new StartResult.AlreadyRunning(summary);
        }, TriggerMetrics.NONE);
        delivery = new EventGridDelivery(trigger);
    }

    private String blobCreated(BlobClient blob) {
        BlobProperties p = blob.getProperties();
        ObjectNode event = JSON.createObjectNode()
                .put("topic", "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/devstoreaccount1")
                .put("subject", "/blobServices/default/containers/" + container.getBlobContainerName() + "/blobs/" + blob.getBlobName())
                .put("eventType", "Microsoft.Storage.BlobCreated").put("eventTime", p.getLastModified().toInstant().toString())
                .put("id", java.util.UUID.randomUUID().toString()).put("dataVersion", "").put("metadataVersion", "1");
        event.putObject("data").put("api", "PutBlob").put("eTag", p.getETag()).put("contentType", "text/csv")
                .put("contentLength", p.getBlobSize()).put("blobType", "BlockBlob").put("url", blob.getBlobUrl());
        return JSON.createArrayNode().add(event).toString();
    }

    @Test
    void aBlobWrittenThroughTheObjectStoreStartsItsPipelineOnceHoweverOftenItIsAnnounced() {
        new BlobObjectStore(container).put("sales/2026/11/29/orders.csv", "id\n1\n".getBytes());
        String event = blobCreated(container.getBlobClient("sales/2026/11/29/orders.csv"));

        TriggerReport first = ((EventGridDelivery.Outcome.Delivered) delivery.handle(event)).report();
        TriggerReport again = ((EventGridDelivery.Outcome.Delivered) delivery.handle(event)).report();

        assertThat(first.format()).isEqualTo(EventFormat.EVENT_GRID);
        assertThat(first.started()).singleElement().satisfies(s -> {
            assertThat(s.pipeline()).isEqualTo("sales");
            assertThat(s.object().store()).isEqualTo(StoreKind.AZURE_BLOB);
            assertThat(s.object().bucket()).isEqualTo(container.getBlobContainerName());
            assertThat(s.object().key()).isEqualTo("sales/2026/11/29/orders.csv");
            assertThat(s.object().size()).isEqualTo(5);
            assertThat(s.object().etag()).doesNotContain("\"").isNotBlank();
        });
        assertThat(again.started()).isEmpty();
        assertThat(again.duplicates()).hasSize(1);
        assertThat(inputs.getFirst().path("partition").asText()).isEqualTo("2026-11-29");
        assertThat(executions).hasSize(1);
    }

    @Test
    void aRewrittenBlobIsANewObjectVersionAndStartsAgain() {
        BlobObjectStore store = new BlobObjectStore(container);
        store.put("sales/2026/11/29/orders.csv", "id\n1\n".getBytes());
        delivery.handle(blobCreated(container.getBlobClient("sales/2026/11/29/orders.csv")));
        container.getBlobClient("sales/2026/11/29/orders.csv").upload(BinaryData.fromString("id\n1\n2\n"), true);
        TriggerReport rewritten = ((EventGridDelivery.Outcome.Delivered) delivery.handle(
                blobCreated(container.getBlobClient("sales/2026/11/29/orders.csv")))).report();
        assertThat(rewritten.started()).hasSize(1);
        assertThat(executions).hasSize(2);
    }

    @Test
    void theSubscriptionHandshakeIsAnsweredWithItsCode() throws Exception {
        String body = new String(getClass().getResourceAsStream("/events/eventgrid-subscription-validation.json").readAllBytes());
        assertThat(delivery.handle(body)).isEqualTo(new EventGridDelivery.Outcome.Validated(
                "{\"validationResponse\":\"512d38b6-c7b8-40c8-89fe-f46f9e9622b6\"}"));
        assertThat(executions).isEmpty();
    }
}
