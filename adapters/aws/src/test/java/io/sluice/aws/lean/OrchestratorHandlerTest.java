package io.sluice.aws.lean;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.aws.invoke.LambdaHandlers;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.cloud.function.adapter.aws.AWSLambdaUtils;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;

/**
 * The orchestrator Lambda's handler on a real Redis and ElasticMQ: it answers an SQS batch as {@code FunctionInvoker}
 * answers it for the same orchestrator ({@code MAIN_CLASS} {@link OrchestratorLambda}), a record it cannot read reported
 * in {@code batchItemFailures}, and it applies the {@code logging.level.*} settings a Spring Boot start would have applied,
 * the bundled one that keeps events out of the log first.
 */
class OrchestratorHandlerTest {
    private final String keyPrefix = "lean-handler-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<String> set = new ArrayList<>();
    private final List<OrchestratorHandler> made = new ArrayList<>();
    private ElasticMqServer sqs;

    @BeforeEach
    void lambdaEnvironment() {
        sqs = ElasticMqServer.start();
        Map.of("sluice.redis-url", RedisTestServer.shared().url(), "sluice.sqs-endpoint", sqs.endpoint().toString(),
                "sluice.region", ElasticMqServer.REGION, "sluice.queue-prefix", "sluice", "sluice.redis-key-prefix", keyPrefix,
                "spring.main.banner-mode", "off").forEach(this::set);
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (OrchestratorHandler h : made) {
            h.close();
        }
        set.forEach(System::clearProperty);
        System.clearProperty("spring.cloud.function.definition");
        try (RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()))) {
            List<String> keys = new ArrayList<>();
            redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(keyPrefix + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        sqs.close();
    }

    private void set(String key, String value) {
        System.setProperty(key, value);
        set.add(key);
    }

    @Test
    void answersABatchAsFunctionInvokerAnswersItForTheSameOrchestrator() throws Exception {
        byte[] batch = batch();

        OrchestratorHandler lean = handler();
        JsonNode answer = invoke(lean, batch);
        set("MAIN_CLASS", SluiceAwsApplication.LEAN_ORCHESTRATOR);
        set("spring.cloud.function.definition", OrchestratorLambda.FUNCTION);
        JsonNode invokers = invoke(LambdaHandlers.make(SluiceAwsApplication.FUNCTION_INVOKER), batch);

        assertThat(answer.path("batchItemFailures")).as("only the record it cannot read").hasSize(1);
        assertThat(answer.path("batchItemFailures").get(0).path("itemIdentifier").asText()).isEqualTo("unreadable");
        assertThat(answer).isEqualTo(invokers);
    }

    @Test
    void appliesTheLoggingLevelsOfItsEnvironmentBeforeAnythingIsLogged() throws Exception {
        LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
        logging.setLogLevel(AWSLambdaUtils.class.getName(), LogLevel.INFO);
        String probe = "io.sluice.lean.probe-" + UUID.randomUUID().toString().substring(0, 8);
        set("logging.level." + probe, "debug");

        handler();

        assertThat(LoggerFactory.getLogger(AWSLambdaUtils.class).isInfoEnabled())
                .as("the bundled application.properties keeps the adapter from logging each event").isFalse();
        assertThat(LoggerFactory.getLogger(probe).isDebugEnabled()).as("a deployment's own setting").isTrue();
        logging.setLogLevel(probe, null);
    }

    private OrchestratorHandler handler() {
        OrchestratorHandler h = new OrchestratorHandler();
        made.add(h);
        return h;
    }

    /** Two records: a timer of an execution that does not exist (nothing to do) and a body no orchestrator can read. */
    private static byte[] batch() {
        ObjectNode event = Json.object();
        ArrayNode records = event.putArray("Records");
        record(records, "timer", MessageCodec.encode(new OrchestratorMessage.TimerFired("nobody:" + UUID.randomUUID(), "t1")));
        record(records, "unreadable", "{\"type\": \"resu");
        return Json.write(event).getBytes(StandardCharsets.UTF_8);
    }

    private static void record(ArrayNode records, String id, String body) {
        ObjectNode r = records.addObject().put("messageId", id).put("receiptHandle", id + "-handle").put("body", body)
                .put("eventSource", "aws:sqs").put("eventSourceARN", "arn:aws:sqs:us-east-1:000000000000:sluice-orchestrator.fifo")
                .put("awsRegion", "us-east-1");
        r.putObject("attributes").put("ApproximateReceiveCount", "1").put("MessageGroupId", id);
        r.putObject("messageAttributes");
    }

    private static JsonNode invoke(RequestStreamHandler handler, byte[] event) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(event), out, null);
        return Json.parse(out.toString(StandardCharsets.UTF_8));
    }
}
