package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
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
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5));
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
        orchestrator.handle(MessageCodec.decode(abandon.body()));
        JsonNode state = Json.parse(redis.executionStore().load("greetings:poisoned").orElseThrow().state());
        assertThat(state.get("status").asText()).isEqualTo("FAILED");
        assertThat(state.get("error").asText()).isEqualTo(DeadLetterHandler.POISON);
        assertThat(state.get("cause").asText()).contains("queue 'sluice-orchestrator'", "message 059f36b4-87a3-44ab-83d2-661975830a7d");
    }

    @Test
    void aFailedExecutionOnTheEventsQueueAlertsOnceWithItsPipelineAndPartition() throws Exception {
        orchestrator.start("greetings", "daily", GREET, Json.parse("{\"who\": \"ann\", \"partition\": \"2026-11-29\"}"));

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
}
