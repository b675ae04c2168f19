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
import io.sluice.stubs.aws.FiringSchedules;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import org.springframework.util.FileSystemUtils;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * State machines created through the Step Functions API of the {@code http-api} Lambda (the AWS SDK's real {@code SfnClient},
 * signed, through a loopback bridge into API Gateway's event as {@link SfnApiBridge} does) are pipelines the deployment's
 * triggers start: an object rule of the bundled {@code triggers.json} naming one ({@code object-trigger-event}), a bundled
 * pipeline whose {@code dependsOn} names one (released by the {@code events} function when the machine's run for the
 * partition succeeds, the functions fed by {@link EventSourceMapping} over ElasticMQ), and a {@code scheduled-start} fire
 * naming one. Real Redis and ElasticMQ; Secrets Manager, which holds the signing secret, is a <b>stub</b>.
 */
class HttpApiSfnTriggersTest {
    private static final String ROLE = "arn:aws:iam::123456789012:role/runner";
    private static final String OBJECT_CREATED = "../../functions/src/test/resources/events/eventbridge-object-created.json";

    private static final LambdaEnvironment ENVIRONMENT = new LambdaEnvironment();
    private static final String KEY_PREFIX = "sluice-sfntrig-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer sqs;
    private static SecretsManagerStub secrets;
    private static SchedulerStub scheduler;
    private static FiringSchedules schedules;
    private static RedisAdapters redis;
    private static FunctionInvoker httpApi;
    private static SfnApiBridge bridge;
    private static Path bundle;

    @BeforeAll
    static void start() throws Exception {
        sqs = ElasticMqServer.start();
        secrets = new SecretsManagerStub().put("sluice/finance/sigv4-fin-ci", "finance-signing-secret");
        scheduler = new SchedulerStub(); // nothing serves EventBridge Scheduler here
        schedules = new FiringSchedules(scheduler, KEY_PREFIX);
        schedules.properties().forEach(ENVIRONMENT::set);
        bundle = Files.createTempDirectory("sfn-trigger-bundle");
        // The bundle: 'report' waits for 'ingest', a machine tenant finance creates through the API; the object rule starts 'landed'.
        Files.writeString(bundle.resolve("report.asl.json"), HttpApiSfnTest.PASS);
        Files.writeString(bundle.resolve("report.pipeline.json"), "{\"dependsOn\": [\"ingest\"]}");
        Files.writeString(bundle.resolve("tenants.json"), """
                {"tenants": {"finance": {"pipelines": ["report", "ingest", "landed", "nightly"],
                  "keys": [{"id": "fin-ci", "sha256": "%s", "role": "operator"}]}}}""".formatted(ApiKeys.hashHex(ApiKeys.generate())));
        Files.writeString(bundle.resolve("triggers.json"), """
                {"rules": [{"id": "sales", "store": "s3", "bucket": "acme-landing", "prefix": "sales/", "pipeline": "landed",
                  "partition": {"pattern": "sales/{yyyy}/{MM}/{dd}/"}, "input": {"key": "${key}", "partition": "${partition}"}}]}""");
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(KEY_PREFIX));
        ENVIRONMENT.stack(redisUrl, KEY_PREFIX, sqs.endpoint().toString());
        ENVIRONMENT.set("sluice.triggers.pipelines", "file:" + bundle + "/*.asl.json");
        ENVIRONMENT.set("sluice.triggers.rules", "file:" + bundle.resolve("triggers.json"));
        ENVIRONMENT.set("sluice.api.tenants", "file:" + bundle.resolve("tenants.json"));
        ENVIRONMENT.set("sluice.secrets.enabled", "true");
        ENVIRONMENT.set("sluice.secrets.endpoint", secrets.endpoint().toString());
        ENVIRONMENT.set("MAIN_CLASS", SluiceAwsApplication.class.getName());
        ENVIRONMENT.set("spring.main.banner-mode", "off");
        httpApi = handler("http-api");
        bridge = new SfnApiBridge(httpApi, null);
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (bridge != null) bridge.close();
        ENVIRONMENT.restore(redis, KEY_PREFIX);
        if (sqs != null) sqs.close();
        if (secrets != null) secrets.close();
        if (scheduler != null) scheduler.close();
        FileSystemUtils.deleteRecursively(bundle);
    }

    @Test
    void anObjectRuleStartsAMachineCreatedThroughTheApiAndRefusesOneThatDoesNotExistYet() throws Exception {
        FunctionInvoker trigger = handler("object-trigger-event");
        JsonNode event = Json.parse(Files.readString(Path.of(OBJECT_CREATED)));

        JsonNode before = result(invoke(trigger, Json.write(event)));
        assertThat(before.path("rejected").asInt()).as("'landed' is not created yet: refused, not retried").isEqualTo(1);
        assertThat(before.path("started").asInt()).isZero();

        try (SfnClient sfn = client()) {
            sfn.createStateMachine(b -> b.name("landed").roleArn(ROLE).definition(HttpApiSfnTest.HOLD));
            JsonNode after = result(invoke(trigger, Json.write(event)));
            assertThat(after.path("started").asInt()).as(after.toString()).isEqualTo(1);
            List<ExecutionSummary> runs = redis.executionStore().list("landed", null, 10);
            assertThat(runs).hasSize(1);
            assertThat(Json.parse(redis.executionStore().load(runs.get(0).executionId()).orElseThrow().state()).get("input"))
                    .isEqualTo(Json.parse("{\"key\": \"sales/2026/11/29/orders 10:00.csv\", \"partition\": \"2026-11-29\"}"));
            assertThat(sfn.listExecutions(b -> b.stateMachineArn(HttpApiSfnTest.ARN + "stateMachine:landed")).executions())
                    .as("the client sees the trigger's run").hasSize(1);
        }
    }

    @Test
    void aBundledPipelineWaitingForACreatedMachineIsReleasedWhenItsRunForThePartitionSucceeds() {
        try (SfnClient sfn = client(); SqsClient raw = SqsClients.create(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5))) {
            String machine = sfn.createStateMachine(b -> b.name("ingest").roleArn(ROLE).definition(HttpApiSfnTest.PASS)).stateMachineArn();
            String run = sfn.startExecution(b -> b.stateMachineArn(machine).name("day").input("{\"partition\": \"2026-11-29\"}"))
                    .executionArn();
            EventSourceMapping lambda = new EventSourceMapping(raw, KEY_PREFIX, ENVIRONMENT::set, 5);
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                lambda.round();
                return !redis.executionStore().list("report", null, 10).isEmpty();
            });
            assertThat(sfn.describeExecution(b -> b.executionArn(run)).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
            ExecutionSummary report = redis.executionStore().list("report", null, 10).getFirst();
            assertThat(report.name()).isEqualTo(PartitionNames.of("2026-11-29"));
            assertThat(Json.parse(redis.executionStore().load(report.executionId()).orElseThrow().state()).get("input"))
                    .isEqualTo(Json.parse("{\"partition\": \"2026-11-29\", \"upstreams\": [\"ingest\"]}"));
            assertThat(lambda.deliveries()).as("released by the events function").anyMatch(d -> d.function().equals("events"));
        }
    }

    @Test
    void aScheduledStartMayNameAMachineCreatedThroughTheApi() throws Exception {
        FunctionInvoker scheduled = handler("scheduled-start");
        // A team's schedule for the machine, in the deployment's group (Step Functions has no schedules of its own).
        String fire = schedules.fire("nightly", "2026-11-29T03:00:00Z");
        assertThatThrownBy(() -> invoke(scheduled, fire)).as("not created yet")
                .hasStackTraceContaining("no pipeline 'nightly' is bundled with this deployment or created through its Step Functions API");
        try (SfnClient sfn = client()) {
            sfn.createStateMachine(b -> b.name("nightly").roleArn(ROLE).definition(HttpApiSfnTest.HOLD));
        }
        assertThat(result(invoke(scheduled, fire))).isEqualTo(Json.parse("""
                {"pipeline": "nightly", "execution": "sched-20261129T0300Z", "outcome": "started"}"""));
        assertThat(redis.executionStore().list("nightly", null, 10)).extracting(ExecutionSummary::name).containsExactly("sched-20261129T0300Z");
    }

    private static FunctionInvoker handler(String function) {
        ENVIRONMENT.set("spring.cloud.function.definition", function);
        return new FunctionInvoker();
    }

    private static SfnClient client() {
        return bridge.client("fin-ci", "finance-signing-secret");
    }

    /** A function's String result: FunctionInvoker passes JSON text through as the JSON it is. */
    private static JsonNode result(JsonNode response) {
        return response.isTextual() ? Json.parse(response.asText()) : response;
    }

    private static JsonNode invoke(FunctionInvoker handler, String event) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }
}
