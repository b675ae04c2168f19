package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.stubs.aws.FiringSchedules;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * The trigger functions through the real Lambda entry point (Spring Cloud Function's
 * {@code FunctionInvoker}), fed the recorded S3, SNS and EventBridge events of
 * {@code functions/src/test/resources/events}, on real Redis and ElasticMQ. Rules:
 * {@code triggers/object-rules.json}; pipelines: {@code pipelines/*.asl.json} of the test classpath.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.springframework.boot.test.system.OutputCaptureExtension.class)
class AwsTriggersEntryPointTest {
    private static final Path EVENTS = Path.of("../../functions/src/test/resources/events").toAbsolutePath().normalize();
    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String keyPrefix = "sluice-aws-trig-" + UUID.randomUUID().toString().substring(0, 8);
    private static ElasticMqServer sqs;
    private static SchedulerStub scheduler;
    private FiringSchedules schedules;
    private RedisAdapters redis;

    @BeforeAll
    static void startQueue() {
        sqs = ElasticMqServer.start();
        scheduler = new SchedulerStub(); // nothing serves EventBridge Scheduler here
    }

    @AfterAll
    static void stopQueue() {
        sqs.close();
        scheduler.close();
    }

    @BeforeEach
    void start() {
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        set("sluice.redis-url", redisUrl);
        set("sluice.redis-key-prefix", keyPrefix);
        set("sluice.sqs-endpoint", sqs.endpoint().toString());
        set("sluice.queue-prefix", keyPrefix);
        set("sluice.region", ElasticMqServer.REGION);
        set("sluice.triggers.rules", "classpath:triggers/object-rules.json");
        set("MAIN_CLASS", EntryPointTestApplication.class.getName());
        schedules = new FiringSchedules(scheduler, keyPrefix);
        schedules.properties().forEach(this::set);
        set("spring.main.banner-mode", "off");
    }

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
    }

    @Test
    void objectTriggerStartsOnePipelinePerObjectFromS3SnsAndEventBridgeNotificationsOnSqs() throws Exception {
        JsonNode response = invoke(handler("object-trigger"), sqsEvent(event("s3-put.json"), event("eventbridge-object-created.json"),
                event("s3-put.json"), event("sns-s3-put.json"), event("s3-test-event.json")));

        assertThat(response).isEqualTo(Json.parse("{\"batchItemFailures\": []}"));
        List<JsonNode> inputs = redis.executionStore().list("sales", null, 10).stream().map(this::input).toList();
        assertThat(inputs).as("the second delivery of s3-put starts nothing").contains(
                Json.parse("{\"key\": \"sales/2026/11/29/orders.csv\", \"size\": 5120, \"partition\": \"2026-11-29\"}"),
                Json.parse("{\"key\": \"sales/2026/11/29/orders 10:00.csv\", \"size\": 5120, \"partition\": \"2026-11-29\"}"));
        assertThat(inputs).doesNotHaveDuplicates();
    }

    @Test
    void objectTriggerLeavesABodyThatIsNoStorageEventForTheDeadLetterQueueWithALogLine(
            org.springframework.boot.test.system.CapturedOutput output) throws Exception {
        JsonNode response = invoke(handler("object-trigger"), sqsEvent("{\"hello\": \"not an S3 event\"}", event("s3-put.json"), "not json"));

        // A batch item failure is left on the queue; after maxReceiveCount receives SQS moves it to the dead-letter queue
        // (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html#services-sqs-batchfailurereporting).
        assertThat(response.path("batchItemFailures").findValuesAsText("itemIdentifier")).containsExactly("m-0", "m-2");
        assertThat(redis.executionStore().list("sales", null, 10)).as("the S3 event beside them still starts its run").hasSize(1);
        assertThat(output.getAll()).contains("object-trigger.not-a-storage-event message=m-0 queue=sluice-object-events")
                .contains("reason=unknown-format").contains("object-trigger.not-a-storage-event message=m-2").contains("reason=malformed-json")
                .doesNotContain("not an S3 event");
    }

    @Test
    void objectTriggerEventTakesAnEventBridgeObjectCreatedEventInvokedDirectly() throws Exception {
        FunctionInvoker handler = handler("object-trigger-event");
        JsonNode first = invoke(handler, Json.parse(event("eventbridge-object-created.json")));
        JsonNode again = invoke(handler, Json.parse(event("eventbridge-object-created.json")));

        assertThat(result(first)).isEqualTo(Json.parse("""
                {"format": "EVENTBRIDGE", "started": 1, "duplicates": 0, "unmatched": 0, "rejected": 0, "ignored": 0, "failed": 0}"""));
        assertThat(result(again).get("duplicates").asInt()).isEqualTo(1);
        assertThat(redis.executionStore().list("sales", null, 10)).hasSize(1);
    }

    @Test
    void scheduledStartNamesTheRunAfterTheScheduledTimeAndSkipsWhileThePreviousRuns() throws Exception {
        FunctionInvoker handler = handler("scheduled-start");
        // What EventBridge Scheduler delivers for a target input of {"pipeline": "hourly", "scheduledTime":
        // "<aws.scheduler.scheduled-time>", "schedule": "<aws.scheduler.schedule-arn>"}; the retry is of a schedule with overlap allow.
        JsonNode fired = invoke(handler, Json.parse(schedules.fire("hourly", "2026-11-29T03:00:00Z")));
        JsonNode retried = invoke(handler, Json.parse(schedules.fire("hourly", "2026-11-29T03:00:00Z", "allow")));
        JsonNode next = invoke(handler, Json.parse(schedules.fire("hourly", "2026-11-29T04:00:00Z")));

        assertThat(result(fired)).isEqualTo(Json.parse("""
                {"pipeline": "hourly", "execution": "sched-20261129T0300Z", "outcome": "started"}"""));
        assertThat(result(retried).get("outcome").asText()).isEqualTo("existed");
        assertThat(result(next).get("outcome").asText()).as("the 03:00 run still waits").isEqualTo("skipped");
        assertThat(redis.executionStore().list("hourly", null, 10)).extracting(ExecutionSummary::name).containsExactly("sched-20261129T0300Z");
        assertThat(input(redis.executionStore().list("hourly", null, 1).getFirst()))
                .isEqualTo(Json.parse("{\"schedule\": \"hourly\", \"scheduledTime\": \"2026-11-29T03:00:00Z\"}"));

        assertThatThrownBy(() -> invoke(handler, Json.parse("{\"pipeline\": \"hourly\"}"))).hasStackTraceContaining("scheduledTime: missing");
        // A fire that names a pipeline its schedule does not start (anyone allowed to invoke the function could send one).
        String forged = schedules.fire("hourly", "2026-11-29T05:00:00Z").replace("\"pipeline\":\"hourly\"", "\"pipeline\":\"sales\"");
        assertThatThrownBy(() -> invoke(handler, Json.parse(forged))).hasStackTraceContaining("starts hourly, not sales");
        assertThat(redis.executionStore().list("sales", null, 10)).isEmpty();
    }

    @Test
    void withoutAScheduleGroupEveryFireIsRefusedAndStartsNothing() throws Exception {
        String fire = schedules.fire("hourly", "2026-11-29T03:00:00Z"); // a schedule that exists, in a group the deployment does not name
        schedules.properties().keySet().forEach(environment::clear);
        FunctionInvoker handler = handler("scheduled-start");

        assertThatThrownBy(() -> invoke(handler, Json.parse(fire)))
                .hasStackTraceContaining("no schedule group to check the fire against").hasStackTraceContaining("SLUICE_SCHEDULER_GROUP");
        assertThat(redis.executionStore().list("hourly", null, 10)).isEmpty();
    }

    @Test
    void scheduleTickRunsOnAnEventBridgeScheduledEvent() throws Exception {
        String scheduled;
        try (var in = getClass().getResourceAsStream("/events/eventbridge-scheduled-event.json")) {
            scheduled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode report = invoke(handler("schedule-tick"), Json.parse(scheduled));
        assertThat(report.asText()).startsWith("Report[timersFired=0, outboxesResent=0");
    }

    /** A function's String result: FunctionInvoker passes JSON text through as the JSON it is. */
    private static JsonNode result(JsonNode response) {
        return response.isTextual() ? Json.parse(response.asText()) : response;
    }

    private JsonNode input(ExecutionSummary e) {
        return Json.parse(redis.executionStore().load(e.executionId()).orElseThrow().state()).get("input");
    }

    private FunctionInvoker handler(String function) {
        set("spring.cloud.function.definition", function);
        return new FunctionInvoker();
    }

    private static JsonNode invoke(FunctionInvoker handler, JsonNode event) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(Json.write(event).getBytes(StandardCharsets.UTF_8)), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    private static String event(String file) throws Exception {
        return Files.readString(EVENTS.resolve(file));
    }

    /** An SQS event as Lambda delivers it, one record per body (S3 and EventBridge put the event itself in the body). */
    private static JsonNode sqsEvent(String... bodies) {
        ObjectNode root = Json.object();
        ArrayNode records = root.putArray("Records");
        for (int i = 0; i < bodies.length; i++) {
            ObjectNode r = records.addObject();
            r.put("messageId", "m-" + i).put("receiptHandle", "handle-" + i).put("body", bodies[i]);
            r.putObject("attributes").put("ApproximateReceiveCount", "1").put("SentTimestamp", "1764460800000");
            r.putObject("messageAttributes");
            r.put("md5OfBody", "00000000000000000000000000000000").put("eventSource", "aws:sqs")
                    .put("eventSourceARN", "arn:aws:sqs:eu-west-1:111122223333:sluice-object-events").put("awsRegion", "eu-west-1");
        }
        return root;
    }

    private void set(String key, String value) {
        environment.set(key, value);
    }
}
