package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.stubs.aws.AwsJsonStub;
import io.sluice.stubs.aws.EventBridgeStub;
import io.sluice.stubs.aws.FiringSchedules;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * The execution events of a run through the real Lambda entry points (scheduled-start, orchestrator, task-worker,
 * events) with {@code sluice.events.event-bus} set, on real Redis and ElasticMQ. EventBridge cannot run here:
 * {@link EventBridgeStub}, a stub of its PutEvents JSON API reached through {@code sluice.events.endpoint}, records
 * what the {@code events} function puts on the bus; it shows the requests, not what a bus does with them.
 */
class AwsExecutionEventsEntryPointTest {
    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String keyPrefix = "sluice-aws-ev" + UUID.randomUUID().toString().substring(0, 8);
    private final QueueNames names = new QueueNames(keyPrefix);
    private ElasticMqServer sqs;
    private RedisAdapters redis;
    private SqsTaskQueue queue;
    private EventBridgeStub bus;
    private SchedulerStub scheduler;
    private FiringSchedules schedules;

    @BeforeEach
    void start() {
        sqs = ElasticMqServer.start();
        bus = new EventBridgeStub();
        scheduler = new SchedulerStub(); // nothing serves EventBridge Scheduler here
        schedules = new FiringSchedules(scheduler, keyPrefix);
        schedules.properties().forEach(environment::set);
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5));
        environment.set("sluice.redis-url", redisUrl);
        environment.set("sluice.redis-key-prefix", keyPrefix);
        environment.set("sluice.sqs-endpoint", sqs.endpoint().toString());
        environment.set("sluice.queue-prefix", names.prefix());
        environment.set("sluice.region", ElasticMqServer.REGION);
        environment.set("sluice.triggers.pipelines", "classpath*:event-pipelines/*.asl.json");
        environment.set("sluice.events.event-bus", "sluice-executions");
        environment.set("sluice.events.endpoint", bus.endpoint().toString());
        environment.set("MAIN_CLASS", EntryPointTestApplication.class.getName());
        environment.set("spring.main.banner-mode", "off");
    }

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (sqs != null) sqs.close();
        if (bus != null) bus.close();
        if (scheduler != null) scheduler.close();
    }

    @Test
    void aRunPutsItsStartedAndSucceededEventsOnTheBusAsCloudEvents() throws Exception {
        JsonNode fired = invoke("scheduled-start", Json.parse(schedules.fire("announced", "2026-11-29T03:00:00Z")));
        assertThat(fired.toString()).contains("started");
        String executionId = "announced:sched-20261129T0300Z";

        // Each message goes where Lambda's event source mappings would take it, until the bus has the run's end.
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(10)).until(() -> {
            deliver(names.orchestrator(), "orchestrator");
            deliver(names.tasks("greet"), "task-worker");
            deliver(names.events(), "events");
            return detailTypes().contains("io.sluice.execution.succeeded");
        });

        List<AwsJsonStub.Call> puts = bus.calls("PutEvents");
        assertThat(detailTypes()).containsSubsequence("io.sluice.execution.started", "io.sluice.execution.succeeded");
        for (AwsJsonStub.Call put : puts) {
            JsonNode entry = put.body().get("Entries").get(0);
            assertThat(entry.get("EventBusName").asText()).isEqualTo("sluice-executions");
            assertThat(entry.get("Source").asText()).isEqualTo("io.sluice");
            JsonNode event = Json.parse(entry.get("Detail").asText());
            assertThat(event.get("specversion").asText()).isEqualTo("1.0");
            assertThat(event.get("subject").asText()).isEqualTo(executionId);
            assertThat(event.get("source").asText()).isEqualTo("/sluice/aws/pipelines/announced");
        }
        JsonNode succeeded = puts.stream().map(c -> Json.parse(c.body().get("Entries").get(0).get("Detail").asText()))
                .filter(e -> e.get("type").asText().endsWith("succeeded")).findFirst().orElseThrow();
        assertThat(succeeded.path("data").path("status").asText()).isEqualTo("SUCCEEDED");
    }

    private List<String> detailTypes() {
        return bus.calls("PutEvents").stream().map(c -> c.body().get("Entries").get(0).get("DetailType").asText()).toList();
    }

    /** What is on {@code q}, handed to {@code function} as Lambda's SQS event, then deleted (as the mapping does on success). */
    private void deliver(String q, String function) throws Exception {
        for (ReceivedMessage m : queue.receive(q, 10, Duration.ofSeconds(60), Duration.ZERO)) {
            JsonNode response = invoke(function, event(q, m));
            assertThat(response.path("batchItemFailures")).as(function + " " + response).isEmpty();
            queue.acknowledge(q, m.receipt());
        }
    }

    private JsonNode invoke(String function, JsonNode event) throws Exception {
        environment.set("spring.cloud.function.definition", function);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new FunctionInvoker().handleRequest(new ByteArrayInputStream(Json.write(event).getBytes(StandardCharsets.UTF_8)), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    private static JsonNode event(String q, ReceivedMessage m) {
        ObjectNode root = Json.object();
        ArrayNode records = root.putArray("Records");
        ObjectNode r = records.addObject();
        r.put("messageId", m.messageId()).put("receiptHandle", "handle-" + m.messageId()).put("body", m.body());
        r.putObject("attributes").put("ApproximateReceiveCount", "1").put("SentTimestamp", "1764460800000");
        ObjectNode attrs = r.putObject("messageAttributes");
        m.attributes().forEach((k, v) -> attrs.putObject(k).put("stringValue", v).put("dataType", "String"));
        r.put("md5OfBody", "00000000000000000000000000000000").put("eventSource", "aws:sqs")
                .put("eventSourceARN", "arn:aws:sqs:us-east-1:000000000000:" + q + ".fifo").put("awsRegion", "us-east-1");
        return root;
    }
}
