package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.api.tenant.ApiKeys;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.aws.invoke.EventSourceMapping;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.testkit.aws.S3MockServer;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionListItem;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.GetActivityTaskResponse;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Issue 37 on Lambda: a waiting execution sleeps in the deployment's data bucket ({@code sluice.s3.bucket}, here a bucket on
 * S3Mock) and Redis keeps a stub; the Step Functions API of the {@code http-api} function (the AWS SDK's real
 * {@code SfnClient} through {@link SfnApiBridge}) describes, lists and shows its history as before; the activity worker's
 * GetActivityTask and SendTaskSuccess wake it, the {@code orchestrator} function (the lean one, with its S3 client built at
 * first use) ends it through SQS ({@link EventSourceMapping} over ElasticMQ), and its object is gone. The object's
 * ObjectCreated notification starts nothing, though an object rule takes every key of the bucket. Real Redis, ElasticMQ
 * and S3Mock; Secrets Manager (the API keys' signing secrets) is a <b>stub</b>, as nothing serves it here.
 */
class SleepingExecutionsAwsTest {
    private static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    private static final Duration WITHIN = Duration.ofSeconds(60);
    private static final LambdaEnvironment ENVIRONMENT = new LambdaEnvironment();
    private static final String KEY_PREFIX = "sluice-sleep-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer sqs;
    private static SecretsManagerStub secrets;
    private static RedisAdapters redis;
    private static S3Client s3;
    private static String bucket;
    private static SfnApiBridge bridge;
    private static Path tenantsFile;
    private static Path rulesFile;
    /** A recorded S3 notification (its bucket and key replaced), as S3 sends it to the object-created queue. */
    private static final String S3_PUT = read(Path.of("../../functions/src/test/resources/events/s3-put.json"));

    @BeforeAll
    static void startTheHttpApiLambdaOnABucket() throws Exception {
        sqs = ElasticMqServer.start();
        secrets = new SecretsManagerStub().put("sluice/finance/sigv4-fin-ci", "finance-signing-secret");
        tenantsFile = Files.createTempFile("sleep-tenants", ".json");
        Files.writeString(tenantsFile, """
                {"tenants": {"finance": {"pipelines": ["approvals"], "keys": [{"id": "fin-ci", "sha256": "%s", "role": "operator"}]}}}"""
                .formatted(ApiKeys.hashHex(ApiKeys.generate())));
        s3 = S3TestBuckets.s3Mock();
        bucket = S3TestBuckets.create(s3, "data");
        rulesFile = Files.createTempFile("sleep-rules", ".json");
        Files.writeString(rulesFile, "{\"rules\": [{\"id\": \"everything\", \"bucket\": \"%s\", \"pipeline\": \"approvals\"}]}".formatted(bucket));
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(KEY_PREFIX));
        ENVIRONMENT.stack(redisUrl, KEY_PREFIX, sqs.endpoint().toString());
        ENVIRONMENT.set("sluice.triggers.pipelines", "file:" + HttpApiSfnTest.EVENTS.resolve("bundle/pipelines") + "/*.asl.json");
        ENVIRONMENT.set("sluice.api.tenants", "file:" + tenantsFile);
        ENVIRONMENT.set("sluice.secrets.enabled", "true");
        ENVIRONMENT.set("sluice.secrets.endpoint", secrets.endpoint().toString());
        ENVIRONMENT.set("sluice.sfn-api.activity-poll", "1s");
        // The deployment's data bucket, as the Terraform module sets it (SLUICE_S3_BUCKET, SLUICE_HIBERNATE_AFTER).
        ENVIRONMENT.set("sluice.s3.bucket", bucket);
        ENVIRONMENT.set("sluice.s3.endpoint", S3MockServer.shared().endpoint().toString());
        ENVIRONMENT.set("sluice.hibernate.after", "5m");
        ENVIRONMENT.set("sluice.triggers.rules", "file:" + rulesFile);
        ENVIRONMENT.set("MAIN_CLASS", SluiceAwsApplication.class.getName());
        ENVIRONMENT.set("spring.cloud.function.definition", "http-api");
        ENVIRONMENT.set("spring.main.banner-mode", "off");
        bridge = new SfnApiBridge(new FunctionInvoker(), null);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (bridge != null) bridge.close();
        ENVIRONMENT.restore(redis, KEY_PREFIX);
        if (sqs != null) sqs.close();
        if (secrets != null) secrets.close();
        if (s3 != null) s3.close();
        Files.deleteIfExists(tenantsFile);
        if (rulesFile != null) Files.deleteIfExists(rulesFile);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void anExecutionWaitingForAnActivitySleepsInTheBucketReadsAsBeforeAndItsAnswerWakesAndEndsIt() {
        try (SfnClient sfn = bridge.client("fin-ci", "finance-signing-secret");
             SqsClient raw = SqsClients.create(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5))) {
            String activity = sfn.createActivity(b -> b.name("sign-off")).activityArn();
            String machine = sfn.createStateMachine(b -> b.name("approvals").roleArn(ROLE).definition("""
                    {"StartAt": "Sign off", "States": {"Sign off": {"Type": "Task", "Resource": "%s", "TimeoutSeconds": 86400,
                      "End": true}}}""".formatted(activity))).stateMachineArn();
            String execution = sfn.startExecution(b -> b.stateMachineArn(machine).name("a-1").input("{\"order\": 7}")).executionArn();
            EventSourceMapping lambda = new EventSourceMapping(raw, KEY_PREFIX, ENVIRONMENT::set, 5);

            // The start dispatched a task answered from outside: the execution sleeps, in the bucket, Redis keeping a stub.
            StoredExecution stub = await().atMost(WITHIN).until(() -> {
                lambda.round();
                return redis.executionStore().load("approvals:a-1").orElseThrow();
            }, StoredExecution::stub);
            assertThat(redis.executionStore().history("approvals:a-1", 0, 100)).as("its history left Redis").isEmpty();
            assertThat(sleeping()).as("one object, of the stub's version, under hibernated/ of the data bucket")
                    .containsExactly("hibernated/executions/pipeline=approvals/name=a-1/v" + stub.version() + ".jsonl.gz");

            // The Step Functions API reads it as before.
            DescribeExecutionResponse asleep = sfn.describeExecution(b -> b.executionArn(execution));
            assertThat(asleep.status()).isEqualTo(ExecutionStatus.RUNNING);
            assertThat(Json.parse(asleep.input())).isEqualTo(Json.parse("{\"order\": 7}"));
            assertThat(sfn.getExecutionHistory(b -> b.executionArn(execution)).events()).extracting(HistoryEvent::typeAsString)
                    .containsSubsequence("ExecutionStarted", "TaskStateEntered", "ActivityScheduled");
            assertThat(sfn.listExecutions(b -> b.stateMachineArn(machine).statusFilter(ExecutionStatus.RUNNING)).executions())
                    .extracting(ExecutionListItem::executionArn).containsExactly(execution);
            assertThat(redis.executionStore().load("approvals:a-1").orElseThrow().stub()).as("reading does not wake it").isTrue();

            // Its object's ObjectCreated notification reaches object-trigger, whose rule takes every key of the bucket: it
            // starts nothing (Sluice's own objects are never a pipeline's).
            String objectEvents = raw.createQueue(b -> b.queueName(KEY_PREFIX + "-object-events")).queueUrl();
            raw.sendMessage(b -> b.queueUrl(objectEvents).messageBody(S3_PUT.replace("acme-landing", bucket)
                    .replace("sales/2026/11/29/orders.csv", sleeping().get(0))));
            await().atMost(WITHIN).until(() -> {
                lambda.round();
                return lambda.deliveries().stream().anyMatch(d -> d.function().equals("object-trigger"));
            });
            assertThat(lambda.deliveries()).filteredOn(d -> d.function().equals("object-trigger")).allSatisfy(d -> assertThat(d.failed()).isEmpty());
            assertThat(sfn.listExecutions(b -> b.stateMachineArn(machine)).executions()).extracting(ExecutionListItem::executionArn)
                    .as("no execution started by the sleeping execution's object").containsExactly(execution);

            // The worker takes the task and answers it; the answer wakes the execution and ends it.
            AtomicReference<GetActivityTaskResponse> task = new AtomicReference<>();
            await().atMost(WITHIN).until(() -> {
                lambda.round();
                GetActivityTaskResponse t = sfn.getActivityTask(b -> b.activityArn(activity).workerName("clerk-1"));
                task.set(t.taskToken() == null ? null : t);
                return task.get() != null;
            });
            sfn.sendTaskSuccess(b -> b.taskToken(task.get().taskToken()).output("{\"approved\": true}"));
            await().atMost(WITHIN).until(() -> {
                lambda.round();
                return sfn.describeExecution(b -> b.executionArn(execution)).status() != ExecutionStatus.RUNNING;
            });
            DescribeExecutionResponse done = sfn.describeExecution(b -> b.executionArn(execution));
            assertThat(done.status()).as(lambda.describe()).isEqualTo(ExecutionStatus.SUCCEEDED);
            assertThat(Json.parse(done.output())).isEqualTo(Json.parse("{\"approved\": true}"));
            assertThat(lambda.deliveries()).as("the answer reached the orchestrator function").anyMatch(d -> d.function().equals("orchestrator"));
            assertThat(sfn.getExecutionHistory(b -> b.executionArn(execution)).events()).extracting(HistoryEvent::typeAsString)
                    .containsSubsequence("ExecutionStarted", "ActivityScheduled", "ActivityStarted", "ActivitySucceeded", "ExecutionSucceeded");
            assertThat(redis.executionStore().load("approvals:a-1").orElseThrow().stub()).isFalse();
            assertThat(sleeping()).as("nothing left in the bucket").isEmpty();
            sfn.deleteStateMachine(b -> b.stateMachineArn(machine));
            sfn.deleteActivity(b -> b.activityArn(activity));
        }
    }

    private static List<String> sleeping() {
        return s3.listObjectsV2(b -> b.bucket(bucket).prefix("hibernated/")).contents().stream().map(S3Object::key).toList();
    }
}
