package io.sluice.azure.entry;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.security.keyvault.secrets.SecretClientBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.microsoft.azure.functions.HttpMethod;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.api.tenant.ApiKeys;
import io.sluice.api.tenant.Tenants;
import io.sluice.azure.host.AzureSfnApi;
import io.sluice.azure.host.TaskFunctionCatalog;
import io.sluice.azure.invoke.InProcessFunctionApp;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.azure.invoke.RecordedHttpRequest;
import io.sluice.azure.keyvault.KeyVaultSecretResolver;
import io.sluice.azure.keyvault.VaultSecrets;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.testkit.azure.AzuriteServer;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.util.FileSystemUtils;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;

/**
 * State machines created through the Step Functions API of the Azure {@code http-api} function are pipelines the app's
 * triggers start: an object rule naming one ({@code object-trigger}, an Event Grid BlobCreated event) and a bundled pipeline
 * whose {@code dependsOn} names one (released by the {@code storage-events} function when the machine's run for the partition
 * succeeds). The app is one of its own, with a tenants file (the bundle's {@code report} and the machines are tenant finance's),
 * so this class runs in a JVM of its own (the module's {@code app-with-tenants} surefire execution); Redis and Azurite are real.
 * The SDK's real {@code SfnClient} signs with finance's key, whose secret the real Key Vault SDK reads from a <b>WireMock stub</b>
 * of Key Vault's REST API (none runs here), through the app's own {@link AzureSfnApi} given that resolver, as AzureSfnSignedTest does.
 */
class AzureSfnTriggersTest {
    private static final String PASS = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";
    private static final String HOLD = "{\"StartAt\": \"Hold\", \"States\": {\"Hold\": {\"Type\": \"Wait\", \"Seconds\": 3600, \"End\": true}}}";
    private static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    private static Path bundle;
    private static WireMockServer vault;
    private static HttpServer bridge;
    private static LocalFunctionsHost host;

    @BeforeAll
    static void start() throws IOException {
        bundle = Files.createTempDirectory("azure-sfn-triggers");
        Files.writeString(bundle.resolve("report.asl.json"), PASS);
        Files.writeString(bundle.resolve("report.pipeline.json"), "{\"dependsOn\": [\"ingest\"]}");
        Files.writeString(bundle.resolve("tenants.json"), """
                {"tenants": {"finance": {"pipelines": ["report", "ingest", "landed"],
                  "keys": [{"id": "fin-ci", "sha256": "%s", "role": "operator"}]}}}""".formatted(ApiKeys.hashHex(ApiKeys.generate())));
        Files.writeString(bundle.resolve("object-rules.json"), """
                {"rules": [{"id": "landing", "store": "azure-blob", "container": "landing-data", "prefix": "landing/", "pipeline": "landed",
                  "partition": {"pattern": "landing/{yyyy}-{MM}-{dd}/"}, "input": {"key": "${key}", "partition": "${partition}"}}]}""");
        String id = "azt" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        Map<String, String> s = new LinkedHashMap<>();
        s.put("spring.main.banner-mode", "off");
        s.put("sluice.redis-url", RedisTestServer.shared().url());
        s.put("sluice.redis-key-prefix", id);
        s.put("sluice.queue-prefix", id);
        s.put("SLUICE_QUEUE_PREFIX", id);
        s.put("sluice.queue", "storage");
        s.put("sluice.azure.storage.connection-string", AzuriteServer.shared().connectionString());
        s.put(InProcessFunctionApp.STORAGE_CONNECTION, AzuriteServer.shared().connectionString());
        s.put("sluice.azure.storage.container", id);
        s.put("sluice.azure.storage.status-table", id + "status");
        s.put("sluice.azure.storage.export-ledger-table", id + "exports");
        s.put("sluice.azure.storage.upstream-ledger-table", id + "upstreams");
        s.put("sluice.azure.storage.queue-table", id + "queues");
        s.put("sluice.pipelines", "file:" + bundle + "/*.asl.json");
        s.put("sluice.triggers.rules", "file:" + bundle.resolve("object-rules.json"));
        s.put("sluice.api.tenants-file", bundle.resolve("tenants.json").toString());
        io.sluice.testkit.redis.RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), id);
        host = InProcessFunctionApp.start(s);

        vault = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        vault.start();
        vault.stubFor(get(urlPathMatching("/secrets/finance--sigv4-fin-ci/?")).willReturn(okJson("{\"value\": \"finance-signing-secret\","
                + " \"id\": \"" + vault.baseUrl() + "/secrets/finance--sigv4-fin-ci/0123\", \"attributes\": {\"enabled\": true}}")));
        SecretResolver secrets = new KeyVaultSecretResolver(VaultSecrets.of(new SecretClientBuilder().vaultUrl(vault.baseUrl())
                .pipeline(new HttpPipelineBuilder().httpClient(HttpClient.createDefault()).policies(new AddHeadersPolicy(
                        new HttpHeaders().set(HttpHeaderName.AUTHORIZATION, "Bearer test-token"))).build()).buildClient()),
                Duration.ofMinutes(5), Clock.systemUTC());
        // The app's own tenants (its tenants file), the same the bundle was loaded with.
        SfnApi signed = host.instance(AzureSfnApi.class).stepFunctionsApi(host.instance(StoredStateMachines.class),
                host.instance(ExecutionControl.class), host.instance(Tenants.class), host.instance(RedisAdapters.class),
                host.instance(io.sluice.orchestration.port.MapRunStore.class),
                new StaticListableBeanFactory(Map.of("vault", secrets)).getBeanProvider(SecretResolver.class),
                host.instance(TaskFunctionCatalog.class), Clock.systemUTC(), host.instance(SluiceApiProperties.class), "123456789012",
                "us-east-1", "1s", new StaticListableBeanFactory().getBeanProvider(io.micrometer.core.instrument.MeterRegistry.class),
                new StaticListableBeanFactory().getBeanProvider(io.sluice.functions.maprun.ChildRuns.class));
        GenericApplicationContext context = new GenericApplicationContext();
        context.registerBean(SfnApi.class, () -> signed);
        context.refresh();
        HttpApiFunction function = new HttpApiFunction(context);
        bridge = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        bridge.createContext("/", exchange -> asFunctionsHost(function, exchange));
        bridge.start();
    }

    @AfterAll
    static void stop() {
        if (bridge != null) bridge.stop(0);
        if (vault != null) vault.stop();
        if (bundle != null) FileSystemUtils.deleteRecursively(bundle.toFile());
    }

    @Test
    void anObjectRuleStartsAMachineCreatedThroughTheApiAndRefusesOneThatDoesNotExistYet() {
        JsonNode event = Json.parse("""
                {"data": {"id": "e-sfn-1", "topic": "/subscriptions/s/resourceGroups/r/providers/Microsoft.Storage/storageAccounts/a",
                  "subject": "/blobServices/default/containers/landing-data/blobs/landing/2026-11-29/orders.csv",
                  "eventType": "Microsoft.Storage.BlobCreated", "eventTime": "2026-11-29T05:12:41Z", "dataVersion": "",
                  "data": {"api": "PutBlob", "eTag": "0x8DD0F2C7E7E1A2D", "contentLength": 12, "blobType": "BlockBlob",
                           "url": "https://a.blob.core.windows.net/landing-data/landing/2026-11-29/orders.csv"}}}""");
        JsonNode before = host.invoke("object-trigger", event).path("result");
        assertThat(before.path("rejected").asInt()).as("'landed' is not created yet: refused, not retried: " + before).isEqualTo(1);
        assertThat(before.path("started").asInt()).isZero();

        try (SfnClient sfn = client()) {
            sfn.createStateMachine(b -> b.name("landed").roleArn(ROLE).definition(HOLD));
            JsonNode after = host.invoke("object-trigger", event).path("result");
            assertThat(after.path("started").asInt()).as(after.toString()).isEqualTo(1);
            RedisAdapters redis = host.instance(RedisAdapters.class);
            List<ExecutionSummary> runs = redis.executionStore().list("landed", null, 10);
            assertThat(runs).hasSize(1);
            // Read as the app reads it: waiting an hour, the run sleeps in the app's Blob container (issue 37).
            io.sluice.orchestration.port.ExecutionStore executions = host.instance(io.sluice.runtime.RuntimePorts.class).executions();
            assertThat(Json.parse(executions.load(runs.get(0).executionId()).orElseThrow().state()).get("input"))
                    .isEqualTo(Json.parse("{\"key\": \"landing/2026-11-29/orders.csv\", \"partition\": \"2026-11-29\"}"));
            assertThat(sfn.listExecutions(b -> b.stateMachineArn("arn:aws:states:us-east-1:123456789012:stateMachine:landed"))
                    .executions()).as("the client sees the trigger's run").hasSize(1);
        }
    }

    @Test
    void aBundledPipelineWaitingForACreatedMachineIsReleasedWhenItsRunForThePartitionSucceeds() {
        RedisAdapters redis = host.instance(RedisAdapters.class);
        try (SfnClient sfn = client()) {
            String machine = sfn.createStateMachine(b -> b.name("ingest").roleArn(ROLE).definition(PASS)).stateMachineArn();
            String run = sfn.startExecution(b -> b.stateMachineArn(machine).name("day").input("{\"partition\": \"2026-11-29\"}"))
                    .executionArn();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
                host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
                return !redis.executionStore().list("report", null, 10).isEmpty();
            });
            assertThat(sfn.describeExecution(b -> b.executionArn(run)).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
            ExecutionSummary report = redis.executionStore().list("report", null, 10).getFirst();
            assertThat(report.name()).isEqualTo(PartitionNames.of("2026-11-29"));
            assertThat(Json.parse(redis.executionStore().load(report.executionId()).orElseThrow().state()).get("input"))
                    .isEqualTo(Json.parse("{\"partition\": \"2026-11-29\", \"upstreams\": [\"ingest\"]}"));
        }
    }

    private static SfnClient client() {
        return SfnClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + bridge.getAddress().getPort() + "/api"))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("fin-ci", "finance-signing-secret")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1))).httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static void asFunctionsHost(HttpApiFunction function, HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> headers = new LinkedHashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            RecordedHttpRequest request = new RecordedHttpRequest(HttpMethod.value(exchange.getRequestMethod()),
                    URI.create("http://" + exchange.getRequestHeaders().getFirst("Host") + exchange.getRequestURI().getRawPath()), headers,
                    Optional.of(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            RecordedHttpRequest.Response response;
            try {
                response = (RecordedHttpRequest.Response) function.httpApi(request, null);
            } catch (Exception e) {
                throw new IOException(e);
            }
            response.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            byte[] out = String.valueOf(response.body()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(response.status().value(), out.length == 0 ? -1 : out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        }
    }
}
