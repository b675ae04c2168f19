package io.sluice.azure.entry;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;

import io.sluice.azure.invoke.InProcessFunctionApp;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.azure.publish.ScriptedAzureMessaging;
import io.sluice.testkit.azure.AzuriteServer;
import io.sluice.testkit.redis.RedisTestServer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The one Sluice Function app of this test JVM (Spring Cloud Function's injector keeps one context per JVM), on the
 * Storage Queue transport against Azurite and a real Redis, with the bundle of {@code examples/events/azure}. Its
 * queues, tables, container and Redis keys carry a random prefix of their own.
 */
final class AzureTestApp {
    private static LocalFunctionsHost host;
    private static Map<String, String> settings;
    private static ScriptedAzureMessaging messaging;
    private static WireMockServer partner;

    private AzureTestApp() {}

    static synchronized LocalFunctionsHost host() {
        if (host == null) {
            String id = "az" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
            AzuriteServer azurite = AzuriteServer.shared();
            Map<String, String> s = new LinkedHashMap<>();
            s.put("spring.main.banner-mode", "off");
            s.put("sluice.redis-url", RedisTestServer.shared().url());
            s.put("sluice.redis-key-prefix", id);
            s.put("sluice.queue-prefix", id);
            s.put("SLUICE_QUEUE_PREFIX", id);
            s.put("sluice.queue", "storage");
            s.put("sluice.azure.storage.connection-string", azurite.connectionString());
            s.put(InProcessFunctionApp.STORAGE_CONNECTION, azurite.connectionString());
            s.put("sluice.azure.storage.container", id);
            s.put("sluice.azure.storage.status-table", id + "status");
            s.put("sluice.azure.storage.export-ledger-table", id + "exports");
            s.put("sluice.azure.storage.upstream-ledger-table", id + "upstreams");
            s.put("sluice.azure.storage.queue-table", id + "queues");
            s.put("sluice.azure.storage.max-receives", "3");
            // Every schedule-tick is past the next P2/P3 digest's time (AzureAlertTiersTest).
            s.put("sluice.alert-tiers.digest-every", "1ms");
            // No tenants file: the API serves as it would behind App Service authentication (CloudApiAuth), never open.
            s.put("sluice.api.platform-auth", "easy-auth");
            // The Azure bundle, and two real-shape definitions written for AWS (DynamoDB; SNS, SQS and EventBridge).
            s.put("sluice.pipelines", "file:../../examples/events/azure/pipelines/*.asl.json,"
                    + "file:../../examples/real-shapes/ticket-dedupe-dynamodb.asl.json,file:../../examples/real-shapes/order-events-publish.asl.json,"
                    + "classpath*:http-pipelines/*.asl.json");
            // http:invoke's partner: a real HTTP server on loopback, the one host the settings allow.
            partner = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
            partner.start();
            s.put("sluice.integrations.http.allowed-hosts", "127.0.0.1:" + partner.port());
            s.put("sluice.triggers.rules", "file:../../examples/events/azure/object-rules.json");
            // The integrations of orders.asl.json: DynamoDB on Azurite's Table service; Service Bus and Event Grid on a
            // loopback stub of their REST APIs (neither can run here), kept for the JVM as the app is.
            messaging = new ScriptedAzureMessaging().entity("sb-orders-done").entity("order-updates").entity("warehouse-picks")
                    .eventGridTopic("orders").eventGridTopic("shop-orders").eventGridTopic("executions");
            s.put("sluice.integrations.item-table", id + "items");
            s.put("sluice.integrations.tables.Orders.partition-key", "id");
            s.put("sluice.integrations.tables.tickets.partition-key", "customer");
            s.put("sluice.integrations.tables.tickets.sort-key", "ticket");
            s.put("sluice.integrations.tables.customers.partition-key", "customer");
            s.put("sluice.integrations.topics.orders-done", "sb-orders-done");
            s.put("sluice.integrations.topics.order-updates", "");
            s.put("sluice.integrations.queues.warehouse-picks", "");
            s.put("sluice.integrations.buses.orders.endpoint", messaging.eventGridEndpoint("shop-orders").toString());
            s.put("sluice.integrations.buses.orders.access-key", ScriptedAzureMessaging.EVENT_GRID_KEY);
            s.put("sluice.integrations.buses.orders-bus.endpoint", messaging.eventGridEndpoint("orders").toString());
            s.put("sluice.integrations.buses.orders-bus.access-key", ScriptedAzureMessaging.EVENT_GRID_KEY);
            s.put("sluice.integrations.servicebus-endpoint", messaging.serviceBusEndpoint().toString());
            s.put("sluice.azure.servicebus.connection-string", messaging.connectionString());
            // The execution events, to a topic of the same stub (AzureEvents).
            s.put("sluice.events.event-grid-topic-endpoint", messaging.eventGridEndpoint("executions").toString());
            s.put("sluice.events.event-grid-access-key", ScriptedAzureMessaging.EVENT_GRID_KEY);
            settings = Map.copyOf(s);
            // One app per JVM, never closed: its Redis keys go when the JVM does.
            io.sluice.testkit.redis.RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), id);
            host = InProcessFunctionApp.start(settings);
        }
        return host;
    }

    static String prefix() {
        host();
        return settings.get("sluice.queue-prefix");
    }

    static ScriptedAzureMessaging messaging() {
        host();
        return messaging;
    }

    static WireMockServer partner() {
        host();
        return partner;
    }

    static String connectionString() {
        host();
        return settings.get("sluice.azure.storage.connection-string");
    }
}
