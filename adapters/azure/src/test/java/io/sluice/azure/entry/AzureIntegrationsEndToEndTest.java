package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableServiceClientBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.azure.kv.TableKeyValueTable;
import io.sluice.azure.publish.ScriptedAzureMessaging;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.KeyValueTable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Step Functions definition written for AWS ({@code examples/events/azure/pipelines/orders.asl.json}: dynamodb:putItem
 * with a condition, dynamodb:getItem, sns:publish, events:putEvents) run unchanged through the Azure entry points in
 * process (http-api, then the Storage Queue functions pumped by {@link LocalFunctionsHost}): the items land in Table
 * storage on Azurite, the SNS message in the Service Bus topic and the event in the Event Grid topic the settings map
 * them to. Service Bus and Event Grid cannot run here, so they are a loopback stub of their REST APIs
 * ({@link ScriptedAzureMessaging}); Redis is real.
 */
class AzureIntegrationsEndToEndTest {

    @Test
    void aDefinitionCallingDynamoDbSnsAndEventBridgeRunsOnAzureUnchanged() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode finished = run(host, "order-1", "{\"id\": \"o-1\", \"total\": \"42\"}");

        assertThat(finished.path("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
        JsonNode output = finished.path("output");
        assertThat(output.path("stored")).isEqualTo(Json.parse("{\"total\": \"42\", \"status\": \"stored\"}"));
        String messageId = output.path("published").path("MessageId").asText();
        assertThat(messageId).isNotBlank();
        assertThat(output.path("announced").path("FailedEntryCount").asInt(-1)).isZero();

        // The item is a Table storage entity of the deployment's item table, in attribute-value JSON.
        KeyValueTable items = new TableKeyValueTable(new TableServiceClientBuilder().connectionString(AzureTestApp.connectionString())
                .buildClient(), AzureTestApp.prefix() + "items");
        // The bundle's pipelines belong to no tenant: their namespace is "".
        assertThat(items.partition("", "Orders", "S:o-1")).singleElement().satisfies(s -> assertThat(Json.parse(s.item())).isEqualTo(Json.parse(
                "{\"id\": {\"S\": \"o-1\"}, \"total\": {\"N\": \"42\"}, \"status\": {\"S\": \"stored\"}}")));

        ScriptedAzureMessaging messaging = AzureTestApp.messaging();
        List<ScriptedAzureMessaging.Request> sent = messaging.messages("sb-orders-done");
        assertThat(sent).singleElement().satisfies(m -> {
            assertThat(Json.parse(m.body())).isEqualTo(Json.parse("{\"id\": \"o-1\", \"total\": \"42\"}"));
            JsonNode broker = Json.parse(m.header("BrokerProperties"));
            assertThat(broker.get("MessageId").asText()).isEqualTo(messageId);
            assertThat(broker.get("Label").asText()).isEqualTo("order stored");
        });
        List<ScriptedAzureMessaging.Request> events = messaging.requests().stream().filter(r -> r.path().startsWith("/eventgrid/orders/")).toList();
        assertThat(events).singleElement().satisfies(e -> {
            JsonNode event = ScriptedAzureMessaging.json(e);
            assertThat(event.get("type").asText()).isEqualTo("OrderStored");
            assertThat(event.get("source").asText()).isEqualTo("shop.orders");
            assertThat(event.get("data")).isEqualTo(Json.parse("{\"id\": \"o-1\"}"));
        });

        // The same order again: the put's condition fails with DynamoDB's own error name, and nothing more is published.
        JsonNode again = run(host, "order-1-again", "{\"id\": \"o-1\", \"total\": \"43\"}");
        assertThat(again.path("status").asText()).as(again.toString()).isEqualTo("FAILED");
        assertThat(again.toString()).contains("DynamoDB.ConditionalCheckFailedException");
        assertThat(messaging.messages("sb-orders-done")).hasSize(1);
    }

    private static JsonNode run(LocalFunctionsHost host, String name, String input) {
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/orders/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"},
                 "body": {"name": "%s", "input": %s}}""".formatted(name, input)));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();
        return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id)).path("body");
        }, d -> !d.path("status").asText().equals("RUNNING"));
    }
}
