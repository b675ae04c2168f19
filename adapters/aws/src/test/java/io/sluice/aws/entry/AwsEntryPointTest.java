package io.sluice.aws.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;

/**
 * The orchestrator and the worker harness through the real Lambda entry point (Spring Cloud
 * Function's {@code FunctionInvoker}, SQS events in, partial batch failures out), on real Redis and
 * ElasticMQ: each invocation starts from nothing but what the stores hold, as on Lambda.
 */
class AwsEntryPointTest {
    private final LambdaEnvironment environment = new LambdaEnvironment();
    private final String id = UUID.randomUUID().toString().substring(0, 8);
    private final String keyPrefix = "sluice-aws-" + id;
    private final QueueNames names = new QueueNames("aws-" + id);
    private ElasticMqServer sqs;
    private RedisAdapters redis;
    private SqsTaskQueue queue;

    @AfterEach
    void cleanUp() {
        environment.restore(redis, keyPrefix);
        if (queue != null) queue.close();
        if (sqs != null) sqs.close();
    }

    @Test
    void anSqsBatchWithOneBadRecordIsAPartialBatchFailureAndTheExecutionStillFinishes() throws Exception {
        sqs = ElasticMqServer.start();
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(sqs.endpoint(), ElasticMqServer.REGION, 5));
        set("sluice.redis-url", redisUrl);
        set("sluice.redis-key-prefix", keyPrefix);
        set("sluice.sqs-endpoint", sqs.endpoint().toString());
        set("sluice.queue-prefix", names.prefix());
        set("sluice.region", ElasticMqServer.REGION);
        set("MAIN_CLASS", EntryPointTestApplication.class.getName());
        set("spring.main.banner-mode", "off");

        Clock clock = Clock.systemUTC();
        Orchestrator starter = new Orchestrator(redis.executionStore(), new DefinitionCache(redis.definitionStore()),
                new OutboxDispatcher(redis.executionStore(), queue, redis.timerIndex(), names, clock), clock, Boundary.Probe.NONE);
        String executionId = starter.start("greetings", "first", DefinitionParser.parse(Json.parse("""
                {"StartAt": "Greet", "States": {"Greet": {"Type": "Task",
                  "Resource": "arn:aws:lambda:eu-west-1:123456789012:function:greet", "End": true}}}""")),
                Json.parse("{\"who\": \"ann\"}")).execution().executionId();

        ReceivedMessage task = queue.receive(names.tasks("greet"), 1, Duration.ofSeconds(60), Duration.ofSeconds(5)).getFirst();
        JsonNode workerResponse = invoke("task-worker", event(task, "poison-1"));
        assertThat(workerResponse).isEqualTo(Json.parse("{\"batchItemFailures\": [{\"itemIdentifier\": \"poison-1\"}]}"));

        ReceivedMessage result = queue.receive(names.orchestrator(), 1, Duration.ofSeconds(60), Duration.ofSeconds(5)).getFirst();
        JsonNode orchestratorResponse = invoke("orchestrator", event(result, "poison-2"));
        assertThat(orchestratorResponse).isEqualTo(Json.parse("{\"batchItemFailures\": [{\"itemIdentifier\": \"poison-2\"}]}"));

        JsonNode state = Json.parse(redis.executionStore().load(executionId).orElseThrow().state());
        assertThat(state.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(state.get("output").asText()).isEqualTo("hello ann");
    }

    private JsonNode invoke(String function, JsonNode event) throws Exception {
        set("spring.cloud.function.definition", function);
        FunctionInvoker handler = new FunctionInvoker();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(Json.write(event).getBytes(StandardCharsets.UTF_8)), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    /** An SQS event as Lambda delivers it: the real message, and a malformed record beside it. */
    private JsonNode event(ReceivedMessage message, String badId) {
        ObjectNode root = Json.object();
        ArrayNode records = root.putArray("Records");
        records.add(record(message.messageId(), message.body(), message.attributes()));
        records.add(record(badId, "{this is not a Sluice message", Map.of()));
        return root;
    }

    private ObjectNode record(String messageId, String body, Map<String, String> attributes) {
        ObjectNode r = Json.object();
        r.put("messageId", messageId);
        r.put("receiptHandle", "handle-" + messageId);
        r.put("body", body);
        r.putObject("attributes").put("ApproximateReceiveCount", "1").put("SentTimestamp", "1764460800000");
        ObjectNode attrs = r.putObject("messageAttributes");
        attributes.forEach((k, v) -> attrs.putObject(k).put("stringValue", v).put("dataType", "String"));
        r.put("md5OfBody", "00000000000000000000000000000000");
        r.put("eventSource", "aws:sqs");
        r.put("eventSourceARN", "arn:aws:sqs:us-east-1:000000000000:" + names.orchestrator());
        r.put("awsRegion", "us-east-1");
        return r;
    }

    private void set(String key, String value) {
        environment.set(key, value);
    }
}
