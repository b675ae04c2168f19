package io.sluice.tests.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/**
 * Three orchestrator JVMs on one queue, over a definition with a Map, a Parallel and retries: the
 * transport hands one execution's messages out one at a time across the processes, nothing is
 * amplified (every message sent and delivered per execution is counted, in Redis, by every
 * process), and every execution finishes exactly once.
 */
class OrderingAcrossProcessesTest {
    private static final int EXECUTIONS = 12;
    private static final int NODES = 3;
    /** A Map over three items and a Parallel of two, each task failing its first attempt once (retry after 1 s). */
    private static final String DEFINITION = """
            {"StartAt": "Fan", "States": {
              "Fan": {"Type": "Map", "ItemsPath": "$.items", "ResultPath": "$.mapped", "Next": "Both",
                "ItemProcessor": {"StartAt": "Item", "States": {"Item": {"Type": "Task", "Resource": "sluice:function:flaky",
                  "Parameters": {"key.$": "States.Format('{}/item/{}', $$.Execution.Name, $)"},
                  "Retry": [{"ErrorEquals": ["Busy"], "IntervalSeconds": 1, "MaxAttempts": 2, "BackoffRate": 1}], "End": true}}}},
              "Both": {"Type": "Parallel", "ResultPath": "$.both", "End": true, "Branches": [
                {"StartAt": "Left", "States": {"Left": {"Type": "Task", "Resource": "sluice:function:flaky",
                  "Parameters": {"key.$": "States.Format('{}/left', $$.Execution.Name)"},
                  "Retry": [{"ErrorEquals": ["Busy"], "IntervalSeconds": 1, "MaxAttempts": 2, "BackoffRate": 1}], "End": true}}},
                {"StartAt": "Right", "States": {"Right": {"Type": "Task", "Resource": "sluice:function:flaky",
                  "Parameters": {"key.$": "States.Format('{}/right', $$.Execution.Name)"},
                  "Retry": [{"ErrorEquals": ["Busy"], "IntervalSeconds": 1, "MaxAttempts": 2, "BackoffRate": 1}], "End": true}}}]}}}""";
    /** Five tasks, each run twice: 10 dispatches, 10 results, 5 retry timers, 1 completion event. */
    private static final int MESSAGES_NEEDED = 26;
    /** Room for redelivery on a loaded machine (a lapsed visibility, a sweeper resend before the writer's clear). */
    private static final int REDELIVERY_BOUND = 6;

    private static ElasticMqServer sqs;

    @BeforeAll
    static void startSqs() {
        sqs = ElasticMqServer.start();
    }

    @AfterAll
    static void stopSqs() {
        sqs.close();
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"redis", "sqs"})
    void threeOrchestratorProcessesApplyEachExecutionsMessagesOneAtATimeAndAmplifyNothing(String queue) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Stack stack = new Stack(RedisTestServer.shared().url(), queue.equals("sqs") ? sqs.endpoint() : null, "sluice-order-" + run,
                "order-" + run);
        List<Process> nodes = new ArrayList<>();
        try (Stack.Opened opened = stack.open()) {
            RedissonClient redis = opened.redis.redisson();
            try {
                for (int i = 0; i < NODES; i++) {
                    nodes.add(node(stack, i));
                }
                CountingQueue counting = new CountingQueue(opened.queue, redis, stack.keyPrefix(), stack.names().orchestrator());
                Clock clock = Clock.systemUTC();
                Orchestrator starter = new Orchestrator(opened.ports.executions(), new DefinitionCache(opened.ports.definitions()),
                        new OutboxDispatcher(opened.ports.executions(), counting, opened.ports.timers(), stack.names(), clock), clock,
                        Boundary.Probe.NONE);
                Definition definition = DefinitionParser.parse(Json.parse(DEFINITION));
                List<String> ids = new ArrayList<>();
                for (int i = 0; i < EXECUTIONS; i++) {
                    ids.add(starter.start("order", "run-" + i, definition, Json.parse("{\"items\": [1, 2, 3]}")).execution().executionId());
                }
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).until(() -> ids.stream().noneMatch(id ->
                        opened.ports.executions().load(id).orElseThrow().summary().status().equals("RUNNING")));
                for (String id : ids) {
                    assertThat(opened.ports.executions().load(id).orElseThrow().summary().status())
                            .as(() -> id + ": " + opened.ports.executions().history(id, 0, 10_000)).isEqualTo("SUCCEEDED");
                }

                Map<String, Integer> finished = new HashMap<>();
                await().atMost(Duration.ofSeconds(20)).until(() -> {
                    for (ReceivedMessage m : opened.queue.receive(stack.names().events(), 10, Duration.ofSeconds(60), Duration.ZERO)) {
                        finished.merge(m.attributes().get("executionId"), 1, Integer::sum);
                    }
                    return finished.size() == EXECUTIONS;
                });
                assertThat(opened.queue.receive(stack.names().events(), 10, Duration.ofSeconds(60), Duration.ofSeconds(1)))
                        .as("no second completion of any execution").isEmpty();
                assertThat(finished).containsOnlyKeys(ids).allSatisfy((id, times) -> assertThat(times).isEqualTo(1));

                for (String id : ids) {
                    long sent = redis.getAtomicLong(CountingQueue.sent(stack.keyPrefix(), id)).get();
                    long delivered = redis.getAtomicLong(CountingQueue.delivered(stack.keyPrefix(), id)).get();
                    assertThat(sent).as("messages sent for " + id).isBetween((long) MESSAGES_NEEDED, (long) MESSAGES_NEEDED + REDELIVERY_BOUND);
                    // Delivered: every message but the completion event, which nobody here consumes until the end.
                    assertThat(delivered).as("messages delivered for " + id)
                            .isBetween((long) MESSAGES_NEEDED - 1, (long) MESSAGES_NEEDED - 1 + REDELIVERY_BOUND);
                    List<String> history = opened.ports.executions().history(id, 0, 10_000);
                    assertThat(history.stream().filter(h -> h.contains("\"TASK_SUCCEEDED\""))).hasSize(5);
                }
                assertThat(redis.getAtomicLong(CountingQueue.overlaps(stack.keyPrefix())).get())
                        .as("an execution's message handed out while another of it was out").isZero();
            } finally {
                for (Process p : nodes) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                deleteKeys(redis, stack.keyPrefix());
            }
        }
    }

    private static Process node(Stack stack, int n) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), OrderingNode.class.getName(),
                stack.redisUrl(), stack.queueArgument(), stack.keyPrefix(), stack.queuePrefix());
        Path logs = Path.of("target", "ordering-nodes");
        Files.createDirectories(logs);
        File log = logs.resolve(stack.queuePrefix() + "-node-" + n + ".log").toFile();
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    }

    private static void deleteKeys(RedissonClient redis, String prefix) {
        List<String> keys = new ArrayList<>();
        redis.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.getKeys().delete(keys.toArray(String[]::new));
        }
    }
}
