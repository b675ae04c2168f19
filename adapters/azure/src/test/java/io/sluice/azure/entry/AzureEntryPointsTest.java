package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.blob.BlobObjectStore;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The Azure entry points in process, as the Functions host would call them (there is no Functions host here): the
 * worker's injector gives the handler instances, {@link LocalFunctionsHost} binds recorded payloads and pumps the
 * Storage Queues on Azurite into the queue-triggered functions. Redis is real (RedisTestServer).
 */
class AzureEntryPointsTest {

    @Test
    void everyFunctionOfThePlatformIsDeclaredOnce() {
        assertThat(LocalFunctionsHost.scan(LocalFunctionsHost.ENTRY_POINTS).keySet()).contains("orchestrator", "events", "dlq-handler",
                "http-api", "object-trigger", "object-trigger-servicebus", "schedule-tick", "task-read-config", "task-integrations",
                "task-executions", "task-map-run", "storage-orchestrator", "storage-events", "storage-task-write-status",
                "storage-dlq-orchestrator", "storage-dlq-task-map-run");
    }

    @Test
    void theIntegrationsRegistryOfThisHostAgreesWithTheCatalog() {
        // Every action IntegrationCatalog maps runs here (on Table storage, Service Bus / Event Grid, Blob), and nothing else:
        // no generic integration. Glue's actions run on Data Factory only where one is configured
        // (sluice.azure.datafactory.factory), and this app has none: they are the one disagreement, as the host wires it.
        io.sluice.functions.integration.Integrations integrations = AzureTestApp.host().instance(io.sluice.functions.integration.Integrations.class);
        assertThat(integrations.registry().disagreementsWithCatalog()).containsExactlyInAnyOrder(
                "glue:startJobRun runs on platform azure by IntegrationCatalog, and this registry has no handler for it",
                "aws-sdk:glue:startJobRun runs on platform azure by IntegrationCatalog, and this registry has no handler for it");
        assertThat(integrations.registry().hasGeneric()).isFalse();
    }

    @Test
    void httpApiServesTheControllersAndTheirErrors() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode openapi = host.invoke("http-api", get("/api/v1/openapi.json"));
        assertThat(openapi.path("status").asInt()).isEqualTo(200);
        assertThat(openapi.path("body").path("openapi").asText()).startsWith("3.");

        JsonNode pipelines = host.invoke("http-api", get("/api/v1/pipelines"));
        assertThat(pipelines.path("status").asInt()).isEqualTo(200);
        assertThat(pipelines.path("body").toString()).contains("\"hello\"");

        JsonNode missing = host.invoke("http-api", get("/api/v1/executions/nope"));
        assertThat(missing.path("status").asInt()).isEqualTo(404);
        assertThat(missing.path("headers").path("Content-Type").asText()).contains("problem+json");

        // The API's own guard runs too: a foreign Host is refused before anything else.
        JsonNode foreign = host.invoke("http-api", Json.parse("""
                {"method": "GET", "url": "http://localhost:7071/api/v1/pipelines", "headers": {"Host": "evil.example"}}"""));
        assertThat(foreign.path("status").asInt()).isEqualTo(421);
    }

    @Test
    void anExecutionStartedOverHttpRunsThroughTheStorageQueueFunctions() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/hello/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"},
                 "body": {"name": "entry-grace", "input": {"who": "grace"}}}"""));
        assertThat(started.path("status").asInt()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();

        JsonNode finished = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return host.invoke("http-api", get("/api/v1/executions/" + id)).path("body");
        }, d -> !d.path("status").asText().equals("RUNNING"));

        assertThat(finished.path("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
        assertThat(finished.path("output").path("saved").has("ETag")).as(finished.toString()).isTrue();
        BlobObjectStore blobs = new BlobObjectStore(new BlobServiceClientBuilder().connectionString(AzureTestApp.connectionString())
                .buildClient().getBlobContainerClient(AzureTestApp.prefix()));
        assertThat(blobs.get("results/grace.txt")).hasValueSatisfying(b ->
                assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("hello grace"));
    }

    @Test
    void aBlobCreatedEventStartsItsPipelineOnce() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode event = Json.parse("""
                {"data": {"id": "e-1", "topic": "/subscriptions/s/resourceGroups/r/providers/Microsoft.Storage/storageAccounts/a",
                  "subject": "/blobServices/default/containers/landing-data/blobs/landing/entry-test.csv",
                  "eventType": "Microsoft.Storage.BlobCreated", "eventTime": "2026-11-29T05:12:41Z", "dataVersion": "",
                  "data": {"api": "PutBlob", "eTag": "0x8DD0F2C7E7E1A2C", "contentLength": 12, "blobType": "BlockBlob",
                           "url": "https://a.blob.core.windows.net/landing-data/landing/entry-test.csv"}}}""");

        JsonNode first = host.invoke("object-trigger", event).path("result");
        JsonNode again = host.invoke("object-trigger", event).path("result");

        assertThat(first.path("started").asInt()).as(first.toString()).isEqualTo(1);
        assertThat(again.path("started").asInt()).as(again.toString()).isZero();
        assertThat(again.path("duplicates").asInt()).as(again.toString()).isEqualTo(1);
    }

    @Test
    void aFinishedExecutionPastItsRetentionMovesToTheBlobArchiveAndStaysReadableAndListed() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/brief/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"}, "body": {"name": "archived-1"}}"""));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();

        // brief.pipeline.json keeps its finished runs a second; each schedule-tick moves the expired ones to Blob storage.
        JsonNode archived = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            host.invoke("schedule-tick", Json.parse("{\"data\": {\"IsPastDue\": false}}"));
            return host.invoke("http-api", get("/api/v1/executions/" + id)).path("body");
        }, d -> d.path("archived").asBoolean(false));

        assertThat(archived.path("status").asText()).isEqualTo("SUCCEEDED");
        BlobObjectStore blobs = new BlobObjectStore(new BlobServiceClientBuilder().connectionString(AzureTestApp.connectionString())
                .buildClient().getBlobContainerClient(AzureTestApp.prefix()));
        assertThat(blobs.list("archive/executions/", null, 100)).anySatisfy(o -> assertThat(o.key()).endsWith("/pipeline=brief/archived-1.jsonl.gz"));
        JsonNode listed = host.invoke("http-api", get("/api/v1/executions?pipeline=brief")).path("body").path("executions");
        assertThat(listed.toString()).as("lists span the archive through the status table").contains(id);
    }

    @Test
    void scheduleTickReportsWhatItSwept() {
        JsonNode tick = AzureTestApp.host().invoke("schedule-tick", Json.parse("{\"data\": {\"IsPastDue\": false}}"));
        assertThat(tick.path("result").toString()).contains("timersFired");
    }

    static JsonNode get(String path) {
        return Json.object().put("method", "GET").put("url", "http://localhost:7071" + path)
                .set("headers", Json.object().put("Host", "localhost:7071"));
    }
}
