package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.tenant.ApiKeys;
import io.sluice.orchestration.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.SfnException;
import software.amazon.awssdk.services.sfn.model.StateMachineDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.StateMachineListItem;

/**
 * With tenants, the Step Functions API takes requests signed (Signature Version 4) with a tenant's key: the SDK signs
 * them, the signature is checked with the key's signing secret, and the key's tenant and role decide what it sees and
 * may do. A wrong secret, an unknown key and a clock 20 minutes off are refused as the service refuses them.
 */
class SfnTenantsTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String PASS = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";
    static final String ROLE = "arn:aws:iam::123456789012:role/runner";

    @TempDir
    static Path folder;
    static ConfigurableApplicationContext app;

    @BeforeAll
    static void start() throws Exception {
        Path pipelines = Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(pipelines.resolve("fin-a.asl.json"), PASS);
        Files.writeString(pipelines.resolve("ops-a.asl.json"), PASS);
        Files.writeString(pipelines.resolve("tenants.json"), """
                {"tenants": {
                  "finance": {"pipelines": ["fin-a", "fin-new", "fin-approval"], "keys": [
                     {"id": "ci", "sha256": "%s", "role": "operator"}, {"id": "dash", "sha256": "%s", "role": "reader"}]},
                  "ops": {"pipelines": ["ops-a"], "keys": [{"id": "ops-ci", "sha256": "%s", "role": "operator"},
                     {"id": "ops-worker", "sha256": "%s", "role": "operator"}]}}}"""
                .formatted(ApiKeys.hashHex(ApiKeys.generate()), ApiKeys.hashHex(ApiKeys.generate()), ApiKeys.hashHex(ApiKeys.generate()),
                        ApiKeys.hashHex(ApiKeys.generate())));
        Files.createDirectories(folder.resolve("secrets/finance"));
        Files.writeString(folder.resolve("secrets/finance/sigv4-ci"), "finance-ci-signing-secret\n");
        Files.writeString(folder.resolve("secrets/finance/sigv4-dash"), "finance-dash-signing-secret");
        Files.createDirectories(folder.resolve("secrets/ops"));
        Files.writeString(folder.resolve("secrets/ops/sigv4-ops-worker"), "ops-worker-signing-secret");
        app = SfnApps.start(folder, RUN, "--sluice.secrets-dir=" + folder.resolve("secrets"), "--sluice.sfn-api.activity-poll=1s");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        SfnApps.cleanUp(RUN);
    }

    private static SfnClient client(String keyId, String secret) {
        return SfnClient.builder().endpointOverride(URI.create(SfnApps.endpoint(app))).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId, secret)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static String code(Throwable e) {
        return ((SfnException) e).awsErrorDetails().errorCode();
    }

    @Test
    void aTenantsSignedKeySeesAndChangesOnlyItsTenantsMachines() {
        try (SfnClient ci = client("ci", "finance-ci-signing-secret")) {
            assertThat(ci.listStateMachines().stateMachines()).extracting(StateMachineListItem::name).contains("fin-a")
                    .allMatch(n -> n.startsWith("fin-"));
            assertThatThrownBy(() -> ci.describeStateMachine(b -> b.stateMachineArn(SfnSdkTest.ARN + "stateMachine:ops-a")))
                    .isInstanceOf(StateMachineDoesNotExistException.class);
            assertThat(ci.createStateMachine(b -> b.name("fin-new").definition(PASS).roleArn(ROLE)).stateMachineArn())
                    .isEqualTo(SfnSdkTest.ARN + "stateMachine:fin-new");
            assertThatThrownBy(() -> ci.createStateMachine(b -> b.name("not-theirs").definition(PASS).roleArn(ROLE)))
                    .satisfies(e -> assertThat(code(e)).isEqualTo("AccessDeniedException"));
            assertThat(ci.startExecution(b -> b.stateMachineArn(SfnSdkTest.ARN + "stateMachine:fin-a")).executionArn())
                    .startsWith(SfnSdkTest.ARN + "execution:fin-a:");
        }
        try (SfnClient reader = client("finance:dash", "finance-dash-signing-secret")) {
            assertThat(reader.listStateMachines().stateMachines()).extracting(StateMachineListItem::name).contains("fin-a");
            assertThatThrownBy(() -> reader.startExecution(b -> b.stateMachineArn(SfnSdkTest.ARN + "stateMachine:fin-a")))
                    .satisfies(e -> assertThat(code(e)).isEqualTo("AccessDeniedException"));
        }
    }

    @Test
    void badSignaturesUnknownKeysAndUnsignedRequestsAreRefused() throws Exception {
        try (SfnClient wrong = client("ci", "not-the-secret")) {
            assertThatThrownBy(wrong::listStateMachines).satisfies(e -> {
                assertThat(code(e)).isEqualTo("InvalidSignatureException");
                assertThat(((SfnException) e).statusCode()).isEqualTo(400);
            });
        }
        try (SfnClient unknown = client("nobody", "x")) {
            assertThatThrownBy(unknown::listStateMachines).satisfies(e -> assertThat(code(e)).isEqualTo("UnrecognizedClientException"));
        }
        try (SfnClient noSecret = client("ops-ci", "whatever")) {
            assertThatThrownBy(noSecret::listStateMachines).as("a key without a signing secret cannot sign")
                    .satisfies(e -> assertThat(code(e)).isEqualTo("UnrecognizedClientException"));
        }
        HttpResponse<String> unsigned = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(SfnApps.endpoint(app) + "/"))
                .header("Content-Type", "application/x-amz-json-1.0").header("X-Amz-Target", "AWSStepFunctions.ListStateMachines")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(unsigned.statusCode()).isEqualTo(400);
        assertThat(Json.parse(unsigned.body()).get("__type").asText()).isEqualTo("MissingAuthenticationTokenException");
    }

    /** Signed by the SDK's own signer, once with the right clock and once 20 minutes behind it: only the first is accepted. */
    @Test
    void aRequestSignedMoreThanFifteenMinutesAwayIsRefused() throws Exception {
        assertThat(signedList(Clock.systemUTC()).statusCode()).isEqualTo(200);
        HttpResponse<String> late = signedList(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-20)));
        assertThat(late.statusCode()).isEqualTo(400);
        assertThat(Json.parse(late.body()).get("__type").asText()).isEqualTo("InvalidSignatureException");
        assertThat(Json.parse(late.body()).get("message").asText()).startsWith("Signature expired");
    }

    private static HttpResponse<String> signedList(Clock clock) throws Exception {
        URI uri = URI.create(SfnApps.endpoint(app) + "/");
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(uri)
                .putHeader("Content-Type", "application/x-amz-json-1.0").putHeader("X-Amz-Target", "AWSStepFunctions.ListStateMachines")
                .build();
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r.request(request).payload(ContentStreamProvider.fromByteArray(body))
                .identity(AwsBasicCredentials.create("ci", "finance-ci-signing-secret"))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "states").putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                .putProperty(HttpSigner.SIGNING_CLOCK, clock));
        HttpRequest.Builder http = HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        signed.request().headers().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Host")) {
                values.forEach(v -> http.header(name, v));
            }
        });
        return HttpClient.newHttpClient().send(http.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Activities are a tenant's: another tenant's activity of the same name is another activity (same ARN text, as two
     * AWS accounts' would be), neither lists nor polls the other's, and a Task state queues to its pipeline's tenant's.
     * The history shows the task with the Activity* events.
     */
    @Test
    void activitiesAreTheTenantsOwnAndTheHistoryShowsActivityEvents() {
        try (SfnClient finance = client("ci", "finance-ci-signing-secret"); SfnClient ops = client("ops-worker", "ops-worker-signing-secret")) {
            String activity = finance.createActivity(b -> b.name("approve")).activityArn();
            assertThat(ops.listActivities().activities()).as("ops sees none of finance's activities").isEmpty();
            assertThatThrownBy(() -> ops.describeActivity(b -> b.activityArn(activity)))
                    .isInstanceOf(software.amazon.awssdk.services.sfn.model.ActivityDoesNotExistException.class);
            assertThat(ops.createActivity(b -> b.name("approve")).activityArn()).isEqualTo(activity);
            assertThat(finance.listActivities().activities()).hasSize(1);

            String machine = finance.createStateMachine(b -> b.name("fin-approval").roleArn(ROLE).definition("""
                    {"StartAt": "Approve", "States": {"Approve": {"Type": "Task", "Resource": "%s", "TimeoutSeconds": 120,
                      "End": true}}}""".formatted(activity))).stateMachineArn();
            String execution = finance.startExecution(b -> b.stateMachineArn(machine).name("one").input("{\"amount\": 5}")).executionArn();
            var task = org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> finance.getActivityTask(b -> b
                    .activityArn(activity).workerName("fin-worker")), r -> r.taskToken() != null);
            assertThat(Json.parse(task.input())).isEqualTo(Json.parse("{\"amount\": 5}"));
            assertThat(ops.getActivityTask(b -> b.activityArn(activity)).taskToken()).as("ops' activity of that name got nothing").isNull();
            finance.sendTaskSuccess(b -> b.taskToken(task.taskToken()).output("{\"approved\": true}"));
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> finance.describeExecution(b -> b.executionArn(execution))
                    .statusAsString(), "SUCCEEDED"::equals);
            var types = finance.getExecutionHistory(b -> b.executionArn(execution)).events().stream().map(e -> e.typeAsString()).toList();
            assertThat(types).containsSubsequence("TaskStateEntered", "ActivityScheduled", "ActivityStarted", "ActivitySucceeded",
                    "TaskStateExited", "ExecutionSucceeded").doesNotContain("TaskScheduled", "TaskSucceeded");
            var scheduled = finance.getExecutionHistory(b -> b.executionArn(execution)).events().stream()
                    .filter(e -> e.typeAsString().equals("ActivityScheduled")).findFirst().orElseThrow().activityScheduledEventDetails();
            assertThat(scheduled.resource()).isEqualTo(activity);
            assertThat(scheduled.timeoutInSeconds()).isEqualTo(120L);
            var started = finance.getExecutionHistory(b -> b.executionArn(execution)).events().stream()
                    .filter(e -> e.typeAsString().equals("ActivityStarted")).findFirst().orElseThrow();
            assertThat(started.activityStartedEventDetails().workerName()).as("the worker that took the task").isEqualTo("fin-worker");
        }
    }
}
