package io.sluice.parity.azure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.stubs.azure.FakeDataFactory;
import io.sluice.azure.invoke.InProcessFunctionApp;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.parity.ParityBundle;
import io.sluice.parity.ParityHost;
import io.sluice.parity.Receiver;
import io.sluice.testkit.azure.AzuriteServer;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The Azure entry points in this JVM as the Functions host calls them ({@link LocalFunctionsHost}: the worker's
 * injector, bindings from the trigger payloads), on the Storage Queue transport against Azurite (queues, Blob objects,
 * the Table status store and ledgers) and the shared Redis. The HTTP API is the {@code http-api} function; the queues
 * are pumped as the host's queue listeners would; the timer's {@code schedule-tick} runs every half second while pumping.
 *
 * <p>Data Factory and Synapse cannot run here: {@code glue-launch} reaches the Data Factory stub the Azure adapter's
 * tests use ({@link FakeDataFactory}, whose runs write the files the retail jobs would, {@link ParityBundle#jobOutputs}),
 * and {@code copy-to-warehouse} sends its statements to a scripted session ({@link ParityAzureStubs}). Nor can Key Vault: the
 * webhook secrets are read by the adapter's {@code KeyVaultSecretResolver} from a map ({@code parity.vault}).
 */
public final class AzureParityHost implements ParityHost {
    private static final long TICK_NANOS = Duration.ofMillis(500).toNanos();
    private static final Duration VISIBILITY = Duration.ofSeconds(3);

    private final LocalFunctionsHost host;
    private final FakeDataFactory dataFactory;
    private long lastTick;

    public AzureParityHost(ParityBundle bundle, Receiver receiver) throws IOException {
        String id = "pa" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        String redis = RedisTestServer.shared().url();
        RedisCleanup.deleteOnExit(redis, id);
        AzuriteServer azurite = AzuriteServer.shared();
        Map<String, String> s = new LinkedHashMap<>();
        s.put("sluice.api.platform-auth", "easy-auth"); // no tenants file: the API as it serves behind App Service authentication
        s.put("spring.main.banner-mode", "off");
        s.put("sluice.redis-url", redis);
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
        s.put("sluice.pipelines", bundle.cloud().toUri() + "*.asl.json");
        dataFactory = new FakeDataFactory().pipelines(bundle.jobNames());
        String factory = FakeDataFactory.PATH;
        s.put("sluice.azure.datafactory.subscription", factory.split("/")[2]);
        s.put("sluice.azure.datafactory.resource-group", factory.split("/")[4]);
        s.put("sluice.azure.datafactory.factory", factory.substring(factory.lastIndexOf('/') + 1));
        s.put("sluice.azure.datafactory.management-endpoint", dataFactory.management().toString());
        bundle.warehouseSql().ifPresent(sql -> s.put("parity.warehouse-sql", sql.toString()));
        ObjectNode vault = Json.object();
        bundle.secrets().forEach(vault::put);
        s.put("parity.vault", Json.write(vault)); // the webhook secrets, for the Key Vault stand-in (ParityAzureStubs)
        s.put("parity.alerts-url", receiver.alertsUrl());
        s.put("sluice.events.event-grid-topic-endpoint", receiver.eventsUrl("azure")); // the execution events, as to Event Grid
        s.put("sluice.events.event-grid-access-key", "parity");
        s.put("sluice.integrations.http.allowed-hosts", receiver.allowListEntry()); // the export's partner, on loopback
        host = InProcessFunctionApp.start(s, ParityAzureApplication.class, List.of(ParityAzureTriggers.class));
        ObjectStore objects = host.instance(ObjectStore.class);
        bundle.configs().forEach((pipeline, config) -> objects.put("configs/" + pipeline + ".json", Json.write(config).getBytes(StandardCharsets.UTF_8)));
        dataFactory.onStart((pipeline, parameters) -> {
            ParityBundle.JobOutput output = bundle.jobOutputs().get(pipeline);
            if (output != null) {
                objects.put(output.key(), output.text().getBytes(StandardCharsets.UTF_8));
            }
        });
    }

    @Override
    public String name() {
        return "azure";
    }

    @Override
    public Answer api(String method, String path, String body, Map<String, String> headers) {
        ObjectNode request = Json.object().put("method", method).put("url", "http://localhost:7071/api" + path);
        ObjectNode h = request.putObject("headers").put("Host", "localhost:7071").put("Content-Type", "application/json");
        headers.forEach(h::put);
        if (body != null) {
            request.put("body", body); // the text as sent: the binding hands a text body to the function unchanged
        }
        JsonNode answer = host.invoke("http-api", request);
        return new Answer(answer.path("status").asInt(), answer.has("body") ? answer.get("body") : Json.NODES.nullNode());
    }

    @Override
    public int pump() {
        if (System.nanoTime() - lastTick > TICK_NANOS) {
            host.invoke("schedule-tick", Json.parse("{\"data\": {\"IsPastDue\": false}}"));
            lastTick = System.nanoTime();
        }
        return host.pumpStorageQueues("storage-", VISIBILITY);
    }

    @Override
    public void putObject(String key, byte[] bytes) {
        host.instance(ObjectStore.class).put(key, bytes);
    }

    @Override
    public Optional<String> object(String key) {
        return host.instance(ObjectStore.class).get(key).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    @Override
    public long jobRuns(String job) {
        return dataFactory.runsOf(job);
    }

    @Override
    public Loads warehouse(String table) {
        return host.instance(ParitySynapse.class).loads(table);
    }

    @Override
    public List<StatusRecord> statusRows(String pipeline, String partition) {
        return host.instance(StatusStore.class).find(pipeline, partition, 10);
    }

    @Override
    public String plant(String body) {
        String queue = host.instance(QueueNames.class).orchestrator();
        host.instance(TaskQueue.class).send(queue, TaskQueue.OutgoingMessage.of(body).inGroup("planted", "planted-" + UUID.randomUUID()),
                Duration.ZERO);
        return queue;
    }

    @Override
    public void close() {
        dataFactory.close();
        // The app lives as long as this JVM (Spring Cloud Function's injector keeps one context per JVM); its keys go at exit.
    }
}
