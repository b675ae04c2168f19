package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.ApiKeys;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ActivityDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.DescribeStateMachineResponse;
import software.amazon.awssdk.services.sfn.model.GetActivityTaskResponse;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.InvalidDefinitionException;
import software.amazon.awssdk.services.sfn.model.SfnException;
import software.amazon.awssdk.services.sfn.model.StateMachineDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.StateMachineListItem;
import software.amazon.awssdk.services.sfn.model.StateMachineType;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The Step Functions API of the {@code http-api} Lambda, driven by the AWS SDK's real {@code SfnClient}: each request
 * it signs goes through a loopback bridge that turns it into the API Gateway HTTP API event (payload 2.0) API Gateway
 * would deliver, into the real Lambda handler ({@code FunctionInvoker}, function {@code http-api}) on real Redis and
 * ElasticMQ, and its response back. The signing secrets are in a <b>stub</b> of Secrets Manager (nothing serves it here).
 * Also the recorded unsigned event {@code examples/events/aws/http-api-sfn-unsigned.json}: refused, as AWS refuses it.
 */
class HttpApiSfnTest {
    static final Path EVENTS = HttpApiEntryPointTest.EVENTS;
    static final String ARN = "arn:aws:states:" + ElasticMqServer.REGION + ":123456789012:";
    static final String PASS = "{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}";
    static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    /** Waits an hour, so its execution is still running when the test reads it back. */
    static final String HOLD = "{\"StartAt\": \"Hold\", \"States\": {\"Hold\": {\"Type\": \"Wait\", \"Seconds\": 3600, \"End\": true}}}";

    static final String STAGE = "prod";

    private static final LambdaEnvironment ENVIRONMENT = new LambdaEnvironment();
    private static final String KEY_PREFIX = "sluice-sfn-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer sqs;
    private static SecretsManagerStub secrets;
    private static RedisAdapters redis;
    private static FunctionInvoker handler;
    private static SfnApiBridge bridge;
    private static Path tenantsFile;

    @BeforeAll
    static void startTheHttpApiLambda() throws Exception {
        sqs = ElasticMqServer.start();
        secrets = new SecretsManagerStub().put("sluice/finance/sigv4-fin-ci", "finance-signing-secret")
                .put("sluice/ops/sigv4-ops-ci", "ops-signing-secret");
        tenantsFile = Files.createTempFile("sfn-tenants", ".json");
        Files.writeString(tenantsFile, """
                {"tenants": {
                  "finance": {"pipelines": ["hello", "orders", "approvals"], "keys": [{"id": "fin-ci", "sha256": "%s", "role": "operator"}]},
                  "ops": {"pipelines": [], "keys": [{"id": "ops-ci", "sha256": "%s", "role": "operator"}]}}}"""
                .formatted(ApiKeys.hashHex(ApiKeys.generate()), ApiKeys.hashHex(ApiKeys.generate())));
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(KEY_PREFIX));
        ENVIRONMENT.stack(redisUrl, KEY_PREFIX, sqs.endpoint().toString());
        ENVIRONMENT.set("sluice.triggers.pipelines", "file:" + EVENTS.resolve("bundle/pipelines") + "/*.asl.json");
        ENVIRONMENT.set("sluice.api.tenants", "file:" + tenantsFile);
        ENVIRONMENT.set("sluice.secrets.enabled", "true");
        ENVIRONMENT.set("sluice.sfn-api.activity-poll", "1s");
        ENVIRONMENT.set("sluice.secrets.endpoint", secrets.endpoint().toString());
        ENVIRONMENT.set("MAIN_CLASS", SluiceAwsApplication.class.getName());
        ENVIRONMENT.set("spring.cloud.function.definition", "http-api");
        ENVIRONMENT.set("spring.main.banner-mode", "off");
        handler = new FunctionInvoker();
        bridge = new SfnApiBridge(handler, STAGE);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (bridge != null) bridge.close();
        ENVIRONMENT.restore(redis, KEY_PREFIX);
        if (sqs != null) sqs.close();
        if (secrets != null) secrets.close();
        Files.deleteIfExists(tenantsFile);
    }

    private static JsonNode invoke(byte[] event) throws IOException {
        return bridge.invoke(event);
    }

    private static SfnClient client(String keyId, String secret) {
        return bridge.client(keyId, secret);
    }

    private static SfnClient client(String keyId, String secret, String path) {
        return bridge.client(keyId, secret, path);
    }

    @Test
    void aSignedClientCreatesAMachineThatIsAPipelineStartsItAndReadsItBack() {
        try (SfnClient sfn = client("fin-ci", "finance-signing-secret")) {
            assertThat(sfn.listStateMachines().stateMachines()).extracting(StateMachineListItem::name).contains("hello");
            String arn = sfn.createStateMachine(b -> b.name("orders").definition(HOLD).roleArn(ROLE).type(StateMachineType.STANDARD))
                    .stateMachineArn();
            assertThat(arn).isEqualTo(ARN + "stateMachine:orders");
            assertThat(sfn.listStateMachines().stateMachines()).extracting(StateMachineListItem::name).containsExactly("hello", "orders");
            assertThat(Json.parse(sfn.describeStateMachine(b -> b.stateMachineArn(arn)).definition())).isEqualTo(Json.parse(HOLD));
            assertThat(redis.redisson().getMap(KEY_PREFIX + ":sfn:machines").isExists()).as("kept in Redis, beside the executions").isTrue();

            String execution = sfn.startExecution(b -> b.stateMachineArn(arn).name("first").input("{\"n\": 1}")).executionArn();
            assertThat(execution).isEqualTo(ARN + "execution:orders:first");
            assertThat(redis.executionStore().load("orders:first")).as("started as a pipeline of the deployment").isPresent();
            assertThat(sfn.startExecution(b -> b.stateMachineArn(arn).name("first").input("{\"n\": 1}")).executionArn())
                    .as("idempotent by name").isEqualTo(execution);
            assertThat(sfn.describeExecution(b -> b.executionArn(execution)).status()).isEqualTo(ExecutionStatus.RUNNING);
            assertThat(sfn.listExecutions(b -> b.stateMachineArn(arn)).executions()).hasSize(1);
            assertThat(sfn.getExecutionHistory(b -> b.executionArn(execution)).events().get(0).typeAsString()).isEqualTo("ExecutionStarted");

            String hello = sfn.startExecution(b -> b.stateMachineArn(ARN + "stateMachine:hello").name("bundled")).executionArn();
            assertThat(redis.executionStore().load("hello:bundled")).as(hello).isPresent();
            assertThatThrownBy(() -> sfn.updateStateMachine(b -> b.stateMachineArn(ARN + "stateMachine:hello").definition(PASS)))
                    .as("a bundled machine changes by a deploy").isInstanceOf(InvalidDefinitionException.class)
                    .hasMessageContaining("bundled with the deployment");
            sfn.tagResource(b -> b.resourceArn(ARN + "stateMachine:hello").tags(t -> t.key("team").value("fin")));
            assertThat(sfn.listTagsForResource(b -> b.resourceArn(ARN + "stateMachine:hello")).tags()).hasSize(1);

            sfn.deleteStateMachine(b -> b.stateMachineArn(arn));
            assertThatThrownBy(() -> sfn.describeStateMachine(b -> b.stateMachineArn(arn))).isInstanceOf(StateMachineDoesNotExistException.class);
        }
    }

    @Test
    void activitiesAreEachTenantsOwn() {
        try (SfnClient finance = client("fin-ci", "finance-signing-secret"); SfnClient ops = client("ops-ci", "ops-signing-secret")) {
            String activity = finance.createActivity(b -> b.name("approve")).activityArn();
            assertThat(activity).isEqualTo(ARN + "activity:approve");
            assertThat(ops.listActivities().activities()).isEmpty();
            assertThatThrownBy(() -> ops.getActivityTask(b -> b.activityArn(activity))).isInstanceOf(ActivityDoesNotExistException.class);
            assertThat(finance.listActivities().activities()).hasSize(1);
            assertThat(redis.redisson().getMap(KEY_PREFIX + ":activities", org.redisson.client.codec.StringCodec.INSTANCE).containsKey("finance/approve")).isTrue();
            finance.deleteActivity(b -> b.activityArn(activity));
            assertThat(finance.listActivities().activities()).isEmpty();
        }
    }

    @Test
    void wrongSecretsUnknownKeysAndUnsignedEventsAreRefused() throws Exception {
        try (SfnClient wrong = client("fin-ci", "not-the-secret")) {
            assertThatThrownBy(wrong::listStateMachines).satisfies(e -> assertThat(((SfnException) e).awsErrorDetails().errorCode())
                    .isEqualTo("InvalidSignatureException"));
        }
        try (SfnClient unknown = client("nobody", "x")) {
            assertThatThrownBy(unknown::listStateMachines).satisfies(e -> assertThat(((SfnException) e).awsErrorDetails().errorCode())
                    .isEqualTo("UnrecognizedClientException"));
        }
        JsonNode unsigned = invoke(Files.readAllBytes(EVENTS.resolve("http-api-sfn-unsigned.json")));
        assertThat(unsigned.path("statusCode").asInt()).isEqualTo(400);
        assertThat(unsigned.path("headers").path("Content-Type").asText()).isEqualTo("application/x-amz-json-1.0");
        assertThat(Json.parse(unsigned.path("body").asText()).path("__type").asText()).isEqualTo("MissingAuthenticationTokenException");
    }

    @Test
    void aNamedStageServesTheApiAtItsPathAndBundledMachinesAreDatedByTheirFiles() throws IOException {
        Instant file = Files.getLastModifiedTime(EVENTS.resolve("bundle/pipelines/hello.asl.json")).toInstant().truncatedTo(ChronoUnit.SECONDS);
        try (SfnClient staged = client("fin-ci", "finance-signing-secret", "/" + STAGE)) {
            assertThat(staged.listStateMachines().stateMachines()).as("signed for /prod/, answered through the stage prod")
                    .extracting(StateMachineListItem::name).contains("hello");
            DescribeStateMachineResponse hello = staged.describeStateMachine(b -> b.stateMachineArn(ARN + "stateMachine:hello"));
            assertThat(hello.creationDate()).as("the bundle's file time, the same on every cold start").isEqualTo(file);
            assertThat(staged.listStateMachines().stateMachines().stream().filter(m -> m.name().equals("hello")).findFirst()
                    .orElseThrow().creationDate()).isEqualTo(file);
        }
    }

    /**
     * A Task on an activity, end to end on Lambda: the execution started through the http-api function queues the task
     * for the activity's workers; a worker takes it (GetActivityTask) and answers (SendTaskSuccess) through the http-api
     * function; the answer goes to the orchestrator function through SQS ({@link EventSourceMapping} over ElasticMQ),
     * which ends the execution. The history dates ActivityStarted by the take, with the worker's name.
     */
    @Test
    void anActivityWorkerTakesTheTaskAndItsAnswerEndsTheExecutionOnTheOrchestratorFunction() {
        try (SfnClient sfn = client("fin-ci", "finance-signing-secret");
             SqsClient raw = SqsClients.create(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5))) {
            String activity = sfn.createActivity(b -> b.name("sign-off")).activityArn();
            String machine = sfn.createStateMachine(b -> b.name("approvals").roleArn(ROLE).definition("""
                    {"StartAt": "Sign off", "States": {"Sign off": {"Type": "Task", "Resource": "%s", "TimeoutSeconds": 600,
                      "End": true}}}""".formatted(activity))).stateMachineArn();
            String execution = sfn.startExecution(b -> b.stateMachineArn(machine).name("a-1").input("{\"order\": 7}")).executionArn();
            EventSourceMapping lambda = new EventSourceMapping(raw, KEY_PREFIX, ENVIRONMENT::set, 5);
            AtomicReference<GetActivityTaskResponse> task = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                lambda.round();
                GetActivityTaskResponse t = sfn.getActivityTask(b -> b.activityArn(activity).workerName("clerk-1"));
                task.set(t.taskToken() == null ? null : t);
                return task.get() != null;
            });
            assertThat(Json.parse(task.get().input())).isEqualTo(Json.parse("{\"order\": 7}"));
            sfn.sendTaskSuccess(b -> b.taskToken(task.get().taskToken()).output("{\"approved\": true}"));
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                lambda.round();
                return sfn.describeExecution(b -> b.executionArn(execution)).status() != ExecutionStatus.RUNNING;
            });
            DescribeExecutionResponse done = sfn.describeExecution(b -> b.executionArn(execution));
            assertThat(done.status()).as(lambda.describe()).isEqualTo(ExecutionStatus.SUCCEEDED);
            assertThat(Json.parse(done.output())).isEqualTo(Json.parse("{\"approved\": true}"));
            assertThat(lambda.deliveries()).as("the answer reached the orchestrator function").anyMatch(d -> d.function().equals("orchestrator"));

            List<HistoryEvent> events = sfn.getExecutionHistory(b -> b.executionArn(execution)).events();
            assertThat(events).extracting(HistoryEvent::typeAsString).containsSubsequence("ActivityScheduled", "ActivityStarted",
                    "ActivitySucceeded", "ExecutionSucceeded");
            HistoryEvent started = events.stream().filter(e -> e.typeAsString().equals("ActivityStarted")).findFirst().orElseThrow();
            HistoryEvent succeeded = events.stream().filter(e -> e.typeAsString().equals("ActivitySucceeded")).findFirst().orElseThrow();
            assertThat(started.activityStartedEventDetails().workerName()).isEqualTo("clerk-1");
            assertThat(started.timestamp()).as("taken before it was answered").isBefore(succeeded.timestamp());
            sfn.deleteStateMachine(b -> b.stateMachineArn(machine));
            sfn.deleteActivity(b -> b.activityArn(activity));
        }
    }
}
