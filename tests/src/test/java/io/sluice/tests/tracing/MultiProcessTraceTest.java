package io.sluice.tests.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.tests.tracing.OtlpReceiver.Received;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;

/**
 * Issue 36's trace across processes: an execution started in this JVM (standing in for the HTTP API, its SDK set up in
 * code), orchestrated in a second JVM and its tasks run in a third (both traced by the standard {@code OTEL_*} variables
 * alone), whose second task starts a child execution. Every span arrives over OTLP/HTTP at one receiver ({@link
 * OtlpReceiver}, whose javadoc says why it is not a collector) as one trace, each span the child of the span in another
 * process that caused it, carried by the messages' {@code traceparent} through Redis.
 */
class MultiProcessTraceTest {
    static final String DEFINITION = """
            {"StartAt": "Work", "States": {
              "Work": {"Type": "Task", "Resource": "sluice:function:echo", "Next": "Spawn"},
              "Spawn": {"Type": "Task", "Resource": "sluice:function:spawn", "End": true}}}""";

    @Test
    void anExecutionAcrossThreeProcessesArrivesAsOneTraceWithTheRightParents() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String keyPrefix = "sluice-trace-" + run;
        String redisUrl = RedisTestServer.shared().url();
        List<Process> nodes = new ArrayList<>();
        RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(keyPrefix));
        try (OtlpReceiver receiver = OtlpReceiver.start(); RedisTaskQueue queue = new RedisTaskQueue(redis.redisson(), keyPrefix, 10)) {
            nodes.add(node("orchestrator", redisUrl, keyPrefix, "trace-" + run, receiver));
            nodes.add(node("worker", redisUrl, keyPrefix, "trace-" + run, receiver));
            OpenTelemetrySdk api = OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder()
                    .setResource(Resource.getDefault().merge(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), "sluice-api"))))
                    .addSpanProcessor(SimpleSpanProcessor.create(OtlpHttpSpanExporter.builder().setEndpoint(receiver.endpoint() + "/v1/traces")
                            .build())).build()).build();
            try (api) {
                RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                        redis.definitionStore());
                SluiceRuntime runtime = RuntimeBuilder.on(ports, new QueueNames("trace-" + run), Clock.systemUTC()).tracing(api).build();
                runtime.orchestrator().start("traced", "run-1", DefinitionParser.parse(Json.parse(DEFINITION)), Json.parse("{\"run\": \"run-1\"}"));

                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> assertThat(receiver.spans())
                        .as("the run's end and the child's state, exported; the run is " + ports.executions().load("traced:run-1")
                                .map(e -> e.summary().status()).orElse("gone"))
                        .anyMatch(s -> "SUCCEEDED".equals(s.attributes().get("sluice.execution.status"))
                                && "traced:run-1".equals(s.attributes().get("sluice.execution.id")))
                        .anyMatch(s -> s.name().equals("sluice.state Leaf")));
            }
            List<Received> spans = receiver.spans();
            assertThat(spans.stream().map(Received::traceId).distinct()).as("one trace: " + spans).hasSize(1);

            Received start = one(spans, "sluice.start", "traced:run-1");
            assertThat(start.parentSpanId()).as("the root").isNull();
            assertThat(start.service()).isEqualTo("sluice-api");
            Received echo = one(spans, "sluice.task echo", "traced:run-1");
            assertThat(echo.service()).isEqualTo("sluice-worker");
            assertThat(echo.parentSpanId()).as("dispatched by the start, in another process").isEqualTo(start.spanId());
            assertThat(echo.attributes()).containsEntry("sluice.function", "echo").containsEntry("sluice.state", "Work")
                    .containsEntry("sluice.task.attempt", "0");
            Received echoApplied = childOf(spans, echo, "sluice.apply taskSucceeded");
            assertThat(echoApplied.service()).isEqualTo("sluice-orchestrator");
            assertThat(childOf(spans, echoApplied, "sluice.state Spawn").service()).isEqualTo("sluice-orchestrator");
            Received spawn = childOf(spans, echoApplied, "sluice.task spawn");
            assertThat(spawn.service()).isEqualTo("sluice-worker");
            Received child = childOf(spans, spawn, "sluice.start");
            assertThat(child.attributes()).containsEntry("sluice.execution.id", "leaf:child-of-run-1");
            assertThat(childOf(spans, child, "sluice.state Leaf").service()).isEqualTo("sluice-worker");
            Received spawnApplied = childOf(spans, spawn, "sluice.apply taskSucceeded");
            assertThat(spawnApplied.service()).isEqualTo("sluice-orchestrator");
            assertThat(spawnApplied.attributes()).containsEntry("sluice.execution.status", "SUCCEEDED");
            assertThat(childOf(spans, start, "sluice.state Work").service()).isEqualTo("sluice-api");
        } finally {
            for (Process p : nodes) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            List<String> keys = new ArrayList<>();
            redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(keyPrefix + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) {
                redis.redisson().getKeys().delete(keys.toArray(String[]::new));
            }
            redis.close();
        }
    }

    private static Received one(List<Received> spans, String name, String executionId) {
        List<Received> found = spans.stream().filter(s -> s.name().equals(name) && executionId.equals(s.attributes().get("sluice.execution.id")))
                .toList();
        assertThat(found).as(name + " of " + executionId + " in " + spans).hasSize(1);
        return found.getFirst();
    }

    private static Received childOf(List<Received> spans, Received parent, String name) {
        List<Received> found = spans.stream().filter(s -> s.name().equals(name) && parent.spanId().equals(s.parentSpanId())).toList();
        assertThat(found).as(name + " under " + parent.name() + " in " + spans).hasSize(1);
        return found.getFirst();
    }

    private static Process node(String role, String redisUrl, String keyPrefix, String queuePrefix, OtlpReceiver receiver) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), TracingNode.class.getName(), role, redisUrl,
                keyPrefix, queuePrefix);
        Path logs = Path.of("target", "tracing-nodes");
        Files.createDirectories(logs);
        File log = logs.resolve(queuePrefix + "-" + role + ".log").toFile();
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("OTEL_"));
        env.put("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint());
        env.put("OTEL_SERVICE_NAME", "sluice-" + role);
        env.put("OTEL_BSP_SCHEDULE_DELAY", "100");
        return builder.start();
    }
}
