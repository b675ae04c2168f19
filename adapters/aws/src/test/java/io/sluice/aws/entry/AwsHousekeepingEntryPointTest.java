package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.sqs.SqsClients;
import io.sluice.aws.AwsPorts;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * The {@code dlq-handler} and {@code events} functions through the real Lambda entry point, fed
 * recorded SQS events (src/test/resources/events), on real Redis and ElasticMQ. The deployment's
 * queue prefix is {@code sluice}, as in the recordings; each test has its own ElasticMQ and its own
 * Redis key prefix. Alerts are read where the default sink writes them, the {@code io.sluice.alerts} log.
 */
class AwsHousekeepingEntryPointTest {
    private static final QueueNames NAMES = QueueNames.DEFAULT;
    private static final Definition GREET = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Greet", "States": {"Greet": {"Type": "Task",
              "Resource": "arn:aws:lambda:us-east-1:123456789012:function:greet", "End": true}}}"""));

    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String keyPrefix = "sluice-aws-" + UUID.randomUUID().toString().substring(0, 8);
    private final Logger alertLog = Logger.getLogger("io.sluice.alerts");
    private final List<JsonNode> alerts = new CopyOnWriteArrayList<>();
    private final Handler alertCapture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            alerts.add(Json.parse(record.getMessage()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private ElasticMqServer sqs;
    private RedisAdapters redis;
    private SqsTaskQueue queue;
    private Orchestrator orchestrator;

    @BeforeEach
    void start() {
        sqs = ElasticMqServer.start();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        // As the functions' own queue (AwsPorts) sends: delayed messages wait in the one delayed queue <prefix>-delayed.
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5)
                .withDelayedQueue(AwsPorts.delayedQueue(NAMES.prefix())));
        environment.set("sluice.redis-url", redisUrl);
        environment.set("sluice.redis-key-prefix", keyPrefix);
        environment.set("sluice.sqs-endpoint", sqs.endpoint().toString());
        environment.set("sluice.queue-prefix", NAMES.prefix());
        environment.set("sluice.region", ElasticMqServer.REGION);
        environment.set("MAIN_CLASS", EntryPointTestApplication.class.getName());
        environment.set("spring.main.banner-mode", "off");
        Clock clock = Clock.systemUTC();
        orchestrator = new Orchestrator(redis.executionStore(), new DefinitionCache(redis.definitionStore()),
                new OutboxDispatcher(redis.executionStore(), queue, redis.timerIndex(), NAMES, clock), clock, Boundary.Probe.NONE);
        alertLog.addHandler(alertCapture);
    }

    @AfterEach
    void cleanUp() {
        alertLog.removeHandler(alertCapture);
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (sqs != null) sqs.close();
    }

    @Test
    void aDeadLetteredMessageFailsItsExecutionAndAlertsOnceNamingTheMessageAndItsQueue() throws Exception {
        orchestrator.start("greetings", "poisoned", GREET, Json.parse("{\"who\": \"ann\"}"));

        JsonNode first = invoke("dlq-handler", "events/sqs-dead-lettered-orchestrator-message.json");
        JsonNode again = invoke("dlq-handler", "events/sqs-dead-lettered-orchestrator-message.json"); // Lambda delivers twice

        assertThat(first).isEqualTo(Json.parse("{\"batchItemFailures\": []}"));
        assertThat(again).isEqualTo(first);
        assertThat(alerts).as("one alert per incident").singleElement().satisfies(alert -> {
            assertThat(alert.get("incidentKey").asText()).isEqualTo("dead-letter:059f36b4-87a3-44ab-83d2-661975830a7d");
            assertThat(alert.get("title").asText()).isEqualTo("A message was dead-lettered on queue 'sluice-orchestrator'");
            assertThat(alert.get("detail").asText()).contains("Message 059f36b4-87a3-44ab-83d2-661975830a7d failed",
                    "execution greetings:poisoned was failed with " + DeadLetterHandler.POISON);
        });

        ReceivedMessage abandon = queue.receive(NAMES.orchestrator(), 1, Duration.ofSeconds(60), Duration.ofSeconds(5)).getFirst();
        assertThat(abandon.attributes()).containsEntry("executionId", "greetings:poisoned");
        queue.acknowledge(NAMES.orchestrator(), abandon.receipt());
        assertThat(queue.receive(NAMES.orchestrator(), 10, Duration.ofSeconds(60), Duration.ofSeconds(1)))
                .as("the message dead-lettered twice sends one Abandon, in the execution's group").isEmpty();
        orchestrator.handle(MessageCodec.decode(abandon.body()));
        JsonNode state = Json.parse(redis.executionStore().load("greetings:poisoned").orElseThrow().state());
        assertThat(state.get("status").asText()).isEqualTo("FAILED");
        assertThat(state.get("error").asText()).isEqualTo(DeadLetterHandler.POISON);
        assertThat(state.get("cause").asText()).contains("queue 'sluice-orchestrator'", "message 059f36b4-87a3-44ab-83d2-661975830a7d");
    }

    @Test
    void aFailedExecutionOnTheEventsQueueAlertsOnceWithItsPipelineAndPartition() throws Exception {
        // P1: alerted at once (and awaiting an acknowledgement); P2 and P3 wait for the digest (the next tests).
        orchestrator.start("greetings", "daily", GREET, Json.parse("{\"who\": \"ann\", \"partition\": \"2026-11-29\"}"), Priority.P1);

        JsonNode first = invoke("events", "events/sqs-execution-finished-failed.json");
        JsonNode again = invoke("events", "events/sqs-execution-finished-failed.json");

        assertThat(first).isEqualTo(Json.parse("{\"batchItemFailures\": []}"));
        assertThat(again).isEqualTo(first);
        assertThat(alerts).as("one alert per incident").singleElement().satisfies(alert -> {
            assertThat(alert.get("incidentKey").asText()).isEqualTo("execution-failed:greetings:daily");
            assertThat(alert.get("title").asText())
                    .isEqualTo("Pipeline 'greetings' execution 'daily' for partition 2026-11-29 FAILED: Feed.Missing");
            assertThat(alert.get("detail").asText()).startsWith("The orders feed for 2026-11-29 did not arrive.");
        });
    }

    @Test
    void aP2FailureWaitsForTheDigestThatScheduleTickSends() throws Exception {
        environment.set("sluice.alert-tiers.digest-every", "1ms"); // every tick is past the next digest's time
        orchestrator.start("greetings", "daily", GREET, Json.parse("{\"who\": \"ann\", \"partition\": \"2026-11-29\"}"));

        invoke("events", "events/sqs-execution-finished-failed.json");
        assertThat(alerts).as("a P2 failure does not alert on its own").isEmpty();

        JsonNode tick = invoke("schedule-tick", "events/eventbridge-scheduled-event.json");
        assertThat(tick.asText()).contains("alerts=Report[realerted=0, givenUp=0, digested=1]");
        assertThat(alerts).singleElement().satisfies(digest -> {
            assertThat(digest.get("title").asText()).isEqualTo("1 alert(s) since the last digest");
            assertThat(digest.get("detail").asText()).contains("Pipeline 'greetings' execution 'daily' for partition 2026-11-29 FAILED",
                    "[execution-failed:greetings:daily]");
        });
    }

    @Test
    void anUnacknowledgedP1FailurePagesAgainFromScheduleTick() throws Exception {
        environment.set("sluice.alert-tiers.ack-deadline", "1ms"); // overdue by the first tick
        orchestrator.start("greetings", "daily", GREET, Json.parse("{\"who\": \"ann\", \"partition\": \"2026-11-29\"}"), Priority.P1);

        invoke("events", "events/sqs-execution-finished-failed.json");
        JsonNode tick = invoke("schedule-tick", "events/eventbridge-scheduled-event.json");

        assertThat(tick.asText()).contains("alerts=Report[realerted=1");
        assertThat(alerts).hasSize(2).last().satisfies(page -> {
            assertThat(page.get("incidentKey").asText()).isEqualTo("execution-failed:greetings:daily:unacknowledged:1");
            assertThat(page.get("severity").asText()).isEqualTo("CRITICAL");
            assertThat(page.get("title").asText()).startsWith("[PAGE] Unacknowledged after").endsWith("FAILED: Feed.Missing");
        });
    }

    @Test
    void theDelayedForwarderMovesADueTimerFromTheSharedDelayedQueueIntoItsExecutionsFifoGroupOnceHoweverOftenLambdaDeliversIt() throws Exception {
        String executionId = "greetings:waiting";
        queue.send(NAMES.orchestrator(), OrchestratorSends.of(new OrchestratorMessage.TimerFired(executionId, "wait-1"), "timer:wait-1@1"),
                Duration.ofSeconds(1));
        try (SqsClient raw = SqsClients.create(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5))) {
            String delayedUrl = raw.getQueueUrl(b -> b.queueName(NAMES.prefix() + "-delayed")).queueUrl();
            Message delayed = await().atMost(Duration.ofSeconds(10)).until(() -> raw.receiveMessage(b -> b.queueUrl(delayedUrl)
                    .messageAttributeNames("All").waitTimeSeconds(1)).messages(), m -> !m.isEmpty()).getFirst();
            assertThat(delayed.messageAttributes().get("sluice-target").stringValue()).as("the message names its queue")
                    .isEqualTo(NAMES.orchestrator());
            String event = lambdaEvent(delayed, "arn:aws:sqs:us-east-1:123456789012:" + NAMES.prefix() + "-delayed");

            assertThat(invokeWith("delayed-forwarder", event)).isEqualTo(Json.parse("{\"batchItemFailures\": []}"));
            assertThat(invokeWith("delayed-forwarder", event)).as("Lambda delivers twice").isEqualTo(Json.parse("{\"batchItemFailures\": []}"));

            String fifoUrl = raw.getQueueUrl(b -> b.queueName(NAMES.orchestrator() + ".fifo")).queueUrl();
            List<Message> moved = raw.receiveMessage(b -> b.queueUrl(fifoUrl).maxNumberOfMessages(10).waitTimeSeconds(1)
                    .messageAttributeNames("All").messageSystemAttributeNames(MessageSystemAttributeName.MESSAGE_GROUP_ID)).messages();
            assertThat(moved).singleElement().satisfies(m -> {
                assertThat(m.body()).isEqualTo(delayed.body());
                assertThat(m.attributes()).containsEntry(MessageSystemAttributeName.MESSAGE_GROUP_ID, executionId);
                assertThat(m.messageAttributes()).containsOnlyKeys("executionId");
            });
        }
    }

    @Test
    void anUpstreamsSuccessOnTheEventsQueueStartsTheBundledPipelineThatDependsOnIt() throws Exception {
        Definition landed = DefinitionParser.parse(Json.parse("{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}"));
        orchestrator.start("landed", "daily", landed, Json.parse("{\"partition\": \"2026-11-29\"}"));
        try (SqsClient raw = SqsClients.create(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5))) {
            String eventsUrl = raw.getQueueUrl(b -> b.queueName(NAMES.events() + ".fifo")).queueUrl();
            Message finished = await().atMost(Duration.ofSeconds(10)).until(() -> raw.receiveMessage(b -> b.queueUrl(eventsUrl)
                    .messageAttributeNames("All").waitTimeSeconds(1)).messages(), m -> !m.isEmpty()).getFirst();
            assertThat(finished.body()).contains("SUCCEEDED");

            assertThat(invokeWith("events", lambdaEvent(finished, "arn:aws:sqs:us-east-1:123456789012:" + NAMES.events() + ".fifo")))
                    .isEqualTo(Json.parse("{\"batchItemFailures\": []}"));
        }

        String started = Orchestrator.executionId("reported", PartitionNames.of("2026-11-29"));
        JsonNode state = Json.parse(redis.executionStore().load(started).orElseThrow(
                () -> new AssertionError("'reported' (dependsOn: landed) was not started as " + started)).state());
        assertThat(state.get("status").asText()).isEqualTo("RUNNING");
        assertThat(state.get("input").get("partition").asText()).isEqualTo("2026-11-29");
    }

    @Test
    void theDelayedForwarderRefusesAQueueThatIsNoDelayedCompanion() throws Exception {
        String event = """
                {"Records": [{"messageId": "m-1", "receiptHandle": "r", "body": "{}", "attributes": {"ApproximateReceiveCount": "1"},
                  "messageAttributes": {}, "eventSource": "aws:sqs", "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:sluice-orchestrator.fifo",
                  "awsRegion": "us-east-1"}]}""";
        assertThat(invokeWith("delayed-forwarder", event).get("batchItemFailures")).as("left for its dead-letter queue")
                .singleElement().satisfies(f -> assertThat(f.get("itemIdentifier").asText()).isEqualTo("m-1"));
    }

    /** The SQS event Lambda would deliver for {@code m}, read from queue {@code arn}. */
    private static String lambdaEvent(Message m, String arn) {
        var record = Json.object().put("messageId", m.messageId()).put("receiptHandle", m.receiptHandle()).put("body", m.body())
                .put("eventSource", "aws:sqs").put("eventSourceARN", arn).put("awsRegion", "us-east-1");
        record.putObject("attributes").put("ApproximateReceiveCount", "1");
        var attributes = record.putObject("messageAttributes");
        m.messageAttributes().forEach((name, value) -> attributes.putObject(name).put("stringValue", value.stringValue())
                .put("dataType", "String"));
        var event = Json.object();
        event.putArray("Records").add(record);
        return Json.write(event);
    }

    private JsonNode invoke(String function, String fixture) throws Exception {
        environment.set("spring.cloud.function.definition", function);
        FunctionInvoker handler = new FunctionInvoker();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(fixture)) {
            assertThat(in).as(fixture).isNotNull();
            handler.handleRequest(in, out, null);
        }
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    private JsonNode invokeWith(String function, String event) throws Exception {
        environment.set("spring.cloud.function.definition", function);
        FunctionInvoker handler = new FunctionInvoker();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new java.io.ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }
}
