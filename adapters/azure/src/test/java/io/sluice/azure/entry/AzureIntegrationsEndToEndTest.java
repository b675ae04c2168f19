package io.sluice.azure.entry;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

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
 * ({@link ScriptedAzureMessaging}); Redis is real. Two definitions of {@code examples/real-shapes} (the shapes of AWS's
 * sample state machines) run the same way, with the results the local runtime gives them; and an HTTP Task calls a
 * real HTTP server (WireMock) on the one host the settings allow.
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
        return run(host, name, input, "orders");
    }

    private static JsonNode run(LocalFunctionsHost host, String name, String input, String pipeline) {
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/%s/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"},
                 "body": {"name": "%s", "input": %s}}""".formatted(pipeline, name, input)));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();
        return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id)).path("body");
        }, d -> !d.path("status").asText().equals("RUNNING"));
    }

    @Test
    void theRealShapeTicketsDefinitionClaimsOnceCountsQueriesAndDeletesOnTableStorage() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode first = run(host, "tickets-1", "{\"customer\": \"c-1\", \"ticket\": \"t-2\", \"stale\": \"t-0\"}", "ticket-dedupe-dynamodb");
        assertThat(first.path("status").asText()).as(first.toString()).isEqualTo("SUCCEEDED");
        assertThat(first.at("/output/counted/tickets").asText()).isEqualTo("1");
        assertThat(first.at("/output/open/count").asInt()).isEqualTo(1);

        JsonNode second = run(host, "tickets-2", "{\"customer\": \"c-1\", \"ticket\": \"t-3\", \"stale\": \"t-2\"}", "ticket-dedupe-dynamodb");
        assertThat(second.at("/output/counted/tickets").asText()).as(second.toString()).isEqualTo("2");
        assertThat(second.at("/output/open/count").asInt()).isEqualTo(2);
        assertThat(second.at("/output/open/newest").asText()).as("ScanIndexForward false: the highest ticket first").isEqualTo("t-3");
        assertThat(second.at("/output/closed/Attributes/ticket/S").asText()).isEqualTo("t-2");

        JsonNode duplicate = run(host, "tickets-3", "{\"customer\": \"c-1\", \"ticket\": \"t-3\", \"stale\": \"t-0\"}", "ticket-dedupe-dynamodb");
        assertThat(duplicate.path("output")).as(duplicate.toString()).isEqualTo(Json.parse(
                "{\"ticket\": \"t-3\", \"outcome\": \"duplicate\", \"error\": \"DynamoDB.ConditionalCheckFailedException\"}"));

        KeyValueTable items = new TableKeyValueTable(new TableServiceClientBuilder().connectionString(AzureTestApp.connectionString())
                .buildClient(), AzureTestApp.prefix() + "items");
        assertThat(items.get("", "tickets", new KeyValueTable.ItemKey("S:c-1", "S:t-2")).orElseThrow().live()).as("closed").isFalse();
        assertThat(items.partition("", "tickets", "S:c-1")).extracting(i -> i.key().sort()).containsExactly("S:t-3");
    }

    @Test
    void theRealShapeOrderEventsDefinitionReachesAServiceBusTopicAQueueAndAnEventGridTopic() {
        JsonNode done = run(AzureTestApp.host(), "order-events-1", "{\"orderId\": \"o-9\", \"total\": 49.5, \"lines\": [{\"sku\": \"A\", \"qty\": 2}]}",
                "order-events-publish");
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("SUCCEEDED");
        ScriptedAzureMessaging messaging = AzureTestApp.messaging();
        assertThat(messaging.messages("order-updates")).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("Order o-9 placed for 49.5 EUR");
            assertThat(m.header("channel")).isEqualTo("\"web\"");
            assertThat(Json.parse(m.header("BrokerProperties")).get("MessageId").asText()).isEqualTo(done.at("/output/sns/messageId").asText());
        });
        assertThat(messaging.messages("warehouse-picks")).singleElement().satisfies(m ->
                assertThat(Json.parse(m.body())).isEqualTo(Json.parse("{\"orderId\": \"o-9\", \"lines\": [{\"sku\": \"A\", \"qty\": 2}]}")));
        assertThat(messaging.requests().stream().filter(r -> r.path().startsWith("/eventgrid/shop-orders/")).toList()).singleElement()
                .satisfies(e -> assertThat(ScriptedAzureMessaging.json(e).get("data")).isEqualTo(Json.parse("{\"orderId\": \"o-9\", \"total\": 49.5}")));
        assertThat(done.at("/output/events/failed").asInt()).isZero();
        assertThat(done.at("/output/events/eventId").asText()).isNotBlank();
    }

    @Test
    void anHttpTaskCallsTheAllowedPartnerAndItsStatusCodeErrorIsCaughtByName() {
        LocalFunctionsHost host = AzureTestApp.host();
        WireMockServer partner = AzureTestApp.partner();
        partner.stubFor(WireMock.post(WireMock.urlPathEqualTo("/shipments")).withQueryParam("notify", WireMock.equalTo("true"))
                .withRequestBody(WireMock.equalToJson("{\"order\": \"o-1\"}"))
                .willReturn(WireMock.aResponse().withStatus(201).withHeader("Content-Type", "application/json").withBody("{\"shipmentId\": \"sh-1\"}")));
        partner.stubFor(WireMock.post(WireMock.urlPathEqualTo("/shipments")).withRequestBody(WireMock.equalToJson("{\"order\": \"o-404\"}"))
                .willReturn(WireMock.aResponse().withStatus(404).withBody("no such order")));
        String url = "http://127.0.0.1:" + partner.port();

        JsonNode booked = run(host, "ping-1", "{\"partnerUrl\": \"" + url + "\", \"orderId\": \"o-1\"}", "partner-ping");
        assertThat(booked.path("status").asText()).as(booked.toString()).isEqualTo("SUCCEEDED");
        assertThat(booked.path("output")).isEqualTo(Json.parse("{\"shipment\": \"sh-1\", \"status\": 201}"));

        JsonNode unknown = run(host, "ping-2", "{\"partnerUrl\": \"" + url + "\", \"orderId\": \"o-404\"}", "partner-ping");
        assertThat(unknown.path("status").asText()).as(unknown.toString()).isEqualTo("FAILED");
        assertThat(unknown.toString()).contains("Shipment.UnknownOrder");
        partner.verify(2, WireMock.postRequestedFor(WireMock.urlPathEqualTo("/shipments")));
    }
}
