package io.sluice.azure.entry;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.security.keyvault.secrets.SecretClientBuilder;
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
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.azure.invoke.RecordedHttpRequest;
import io.sluice.azure.keyvault.KeyVaultSecretResolver;
import io.sluice.azure.keyvault.VaultSecrets;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.testkit.time.ManualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.context.support.GenericApplicationContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.GetActivityTaskResponse;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sfn.model.SfnException;
import software.amazon.awssdk.services.sfn.model.StateMachineListItem;

/**
 * Signed Step Functions API requests <b>accepted</b> by the Azure {@code http-api} function: the AWS SDK's real
 * {@code SfnClient} signs (SigV4) with a tenant's key of a {@code tenants.json}, whose signing secret is read from Key
 * Vault as {@code finance--sigv4-fin-ci} by the real Key Vault SDK, from a <b>WireMock stub</b> of Key Vault's REST API
 * (none runs here; see KeyVaultSecretResolverTest for what that cannot prove). The function is {@link
 * io.sluice.azure.entry.HttpApiFunction} itself, handed requests as the Functions host would by a loopback bridge, over
 * the Step Functions API that {@link AzureSfnApi} makes of the test JVM's one app (its Redis, machines and executions),
 * given this tenants file and vault: the app itself has neither, so that its other tests keep their open HTTP API.
 * A wrong secret and a request signed 16 minutes ago (the server's clock moved on) are refused, as the service refuses them.
 */
class AzureSfnSignedTest {
    private static final String HOLD = "{\"StartAt\": \"Hold\", \"States\": {\"Hold\": {\"Type\": \"Wait\", \"Seconds\": 3600, \"End\": true}}}";
    private static final ManualClock CLOCK = new ManualClock(Instant.now());
    private static WireMockServer vault;
    private static HttpServer bridge;
    private static LocalFunctionsHost host;

    @BeforeAll
    static void start() throws IOException {
        host = AzureTestApp.host();
        vault = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        vault.start();
        vault.stubFor(get(urlPathMatching("/secrets/finance--sigv4-fin-ci/?")).willReturn(okJson("{\"value\": \"finance-signing-secret\","
                + " \"id\": \"" + vault.baseUrl() + "/secrets/finance--sigv4-fin-ci/0123\", \"attributes\": {\"enabled\": true}}")));
        SecretResolver secrets = new KeyVaultSecretResolver(VaultSecrets.of(new SecretClientBuilder().vaultUrl(vault.baseUrl())
                .pipeline(new HttpPipelineBuilder().httpClient(HttpClient.createDefault()).policies(new AddHeadersPolicy(
                        new HttpHeaders().set(HttpHeaderName.AUTHORIZATION, "Bearer test-token"))).build()).buildClient()),
                Duration.ofMinutes(5), CLOCK);
        Tenants tenants = Tenants.parse(Json.parse("""
                {"tenants": {"finance": {"pipelines": ["hello", "signed-orders", "signed-approvals"],
                  "keys": [{"id": "fin-ci", "sha256": "%s", "role": "operator"}]}}}""".formatted(ApiKeys.hashHex(ApiKeys.generate()))),
                "tenants.json");
        SfnApi signed = host.instance(AzureSfnApi.class).stepFunctionsApi(host.instance(StoredStateMachines.class),
                host.instance(ExecutionControl.class), tenants, host.instance(RedisAdapters.class),
                host.instance(io.sluice.orchestration.port.MapRunStore.class),
                new StaticListableBeanFactory(Map.of("vault", secrets)).getBeanProvider(SecretResolver.class),
                host.instance(TaskFunctionCatalog.class), CLOCK, host.instance(SluiceApiProperties.class), "123456789012", "us-east-1", "1s",
                new StaticListableBeanFactory().getBeanProvider(io.micrometer.core.instrument.MeterRegistry.class),
                new StaticListableBeanFactory().getBeanProvider(io.sluice.functions.maprun.ChildRuns.class));
        // What the app does with a tenants file (AzureRuntime's Tenancy): a Task queues to its pipeline's tenant's activity.
        // Pipelines of no tenant here are the platform's, as they were: the app's other tests see no change.
        host.instance(OutboxDispatcher.class).scopeActivities(tenants::tenantOf);
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
        if (host != null) host.instance(OutboxDispatcher.class).scopeActivities(Tenancy.SINGLE);
        if (bridge != null) bridge.stop(0);
        if (vault != null) vault.stop();
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

    /** The blobs of signed-approvals' sleeping executions in the app's container (Azurite). */
    private static java.util.List<String> sleeping() {
        return host.instance(io.sluice.orchestration.port.ObjectStore.class)
                .list("hibernated/executions/pipeline=signed-approvals/", null, 100).stream()
                .map(io.sluice.orchestration.port.ObjectStore.ObjectInfo::key).toList();
    }

    private static SfnClient client(String secret) {
        return SfnClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + bridge.getAddress().getPort() + "/api"))
                .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("fin-ci", secret)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1))).httpClient(UrlConnectionHttpClient.create()).build();
    }

    @Test
    void aRequestSignedWithATenantsKeyIsAcceptedAndActsAsThatTenant() throws IOException {
        CLOCK.set(Instant.now());
        try (SfnClient sfn = client("finance-signing-secret")) {
            assertThat(sfn.listStateMachines().stateMachines()).extracting(StateMachineListItem::name)
                    .as("the tenant's pipelines only: brief and orders are bundled but not finance's").contains("hello")
                    .doesNotContain("brief", "orders");
            Instant fileTime = Files.getLastModifiedTime(Path.of("../../examples/events/azure/pipelines/hello.asl.json")).toInstant();
            assertThat(sfn.describeStateMachine(b -> b.stateMachineArn("arn:aws:states:us-east-1:123456789012:stateMachine:hello"))
                    .creationDate()).as("a bundled machine was made with its file").isEqualTo(fileTime.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));

            String arn = sfn.createStateMachine(b -> b.name("signed-orders").definition(HOLD)
                    .roleArn("arn:aws:iam::123456789012:role/runner")).stateMachineArn();
            try {
                String execution = sfn.startExecution(b -> b.stateMachineArn(arn).name("first")).executionArn();
                assertThat(execution).isEqualTo("arn:aws:states:us-east-1:123456789012:execution:signed-orders:first");
                assertThat(host.instance(RedisAdapters.class).executionStore().load("signed-orders:first")).as("started on the app").isPresent();
                assertThat(sfn.describeExecution(b -> b.executionArn(execution)).status()).isEqualTo(ExecutionStatus.RUNNING);
            } finally {
                sfn.deleteStateMachine(b -> b.stateMachineArn(arn));
            }
        }
    }

    @Test
    void aWrongSecretAndAnOldSignatureAreRefused() {
        CLOCK.set(Instant.now());
        try (SfnClient wrong = client("not-the-secret")) {
            assertThatThrownBy(wrong::listStateMachines).isInstanceOf(SfnException.class)
                    .satisfies(e -> assertThat(((SfnException) e).awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException"));
        }
        CLOCK.set(Instant.now().plus(Duration.ofMinutes(16))); // the request is signed now; the server reads it 16 minutes on
        try (SfnClient late = client("finance-signing-secret")) {
            assertThatThrownBy(late::listStateMachines).isInstanceOf(SfnException.class).satisfies(e -> {
                assertThat(((SfnException) e).awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException");
                assertThat(e.getMessage()).contains("Signature expired");
            });
        }
    }

    /**
     * An activity Task end to end on the Azure app: started through the signed API, run by the orchestrator function off
     * its Storage Queue (Azurite), taken by a worker with GetActivityTask and answered with SendTaskSuccess, whose callback
     * the orchestrator function takes off the queue to end the execution. While it waits it sleeps in the app's Blob
     * container (issue 37: a stub in Redis, one blob under {@code hibernated/}), and the API reads it as before; the answer
     * wakes it, and the blob is gone.
     */
    @Test
    void anActivityWorkerTakesTheTaskAndItsAnswerEndsTheExecution() {
        CLOCK.set(Instant.now());
        try (SfnClient sfn = client("finance-signing-secret")) {
            String activity = sfn.createActivity(b -> b.name("sign-off")).activityArn();
            String machine = sfn.createStateMachine(b -> b.name("signed-approvals").roleArn("arn:aws:iam::123456789012:role/runner")
                    .definition("""
                            {"StartAt": "Sign off", "States": {"Sign off": {"Type": "Task", "Resource": "%s", "TimeoutSeconds": 600,
                              "End": true}}}""".formatted(activity))).stateMachineArn();
            try {
                String execution = sfn.startExecution(b -> b.stateMachineArn(machine).name("a-1").input("{\"order\": 7}")).executionArn();
                // Issue 37: waiting on an activity, the execution sleeps in the app's Blob container; Redis keeps a stub.
                RedisAdapters redis = host.instance(RedisAdapters.class);
                io.sluice.orchestration.port.StoredExecution stub = await().atMost(Duration.ofSeconds(60)).until(() -> {
                    host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
                    return redis.executionStore().load("signed-approvals:a-1").orElseThrow();
                }, io.sluice.orchestration.port.StoredExecution::stub);
                assertThat(sleeping()).containsExactly("hibernated/executions/pipeline=signed-approvals/name=a-1/v" + stub.version() + ".jsonl.gz");
                assertThat(sfn.describeExecution(b -> b.executionArn(execution)).status()).as("read as before").isEqualTo(ExecutionStatus.RUNNING);
                assertThat(sfn.getExecutionHistory(b -> b.executionArn(execution)).events()).extracting(HistoryEvent::typeAsString)
                        .containsSubsequence("ExecutionStarted", "ActivityScheduled");
                assertThat(sfn.listExecutions(b -> b.stateMachineArn(machine).statusFilter(ExecutionStatus.RUNNING)).executions())
                        .hasSize(1);
                assertThat(redis.executionStore().load("signed-approvals:a-1").orElseThrow().stub()).as("reading does not wake it").isTrue();
                java.util.concurrent.atomic.AtomicReference<GetActivityTaskResponse> task = new java.util.concurrent.atomic.AtomicReference<>();
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
                    GetActivityTaskResponse t = sfn.getActivityTask(b -> b.activityArn(activity).workerName("clerk-az"));
                    task.set(t.taskToken() == null ? null : t);
                    return task.get() != null;
                });
                assertThat(Json.parse(task.get().input())).isEqualTo(Json.parse("{\"order\": 7}"));
                sfn.sendTaskSuccess(b -> b.taskToken(task.get().taskToken()).output("{\"approved\": true}"));
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
                    return sfn.describeExecution(b -> b.executionArn(execution)).status() != ExecutionStatus.RUNNING;
                });
                assertThat(sfn.describeExecution(b -> b.executionArn(execution)).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
                java.util.List<HistoryEvent> events = sfn.getExecutionHistory(b -> b.executionArn(execution)).events();
                assertThat(events).extracting(HistoryEvent::typeAsString).containsSubsequence("ActivityScheduled", "ActivityStarted",
                        "ActivitySucceeded", "ExecutionSucceeded");
                assertThat(events.stream().filter(e -> e.typeAsString().equals("ActivityStarted")).findFirst().orElseThrow()
                        .activityStartedEventDetails().workerName()).isEqualTo("clerk-az");
                assertThat(sleeping()).as("the answer woke it: nothing left in the container").isEmpty();
            } finally {
                sfn.deleteStateMachine(b -> b.stateMachineArn(machine));
                sfn.deleteActivity(b -> b.activityArn(activity));
            }
        }
    }
}
