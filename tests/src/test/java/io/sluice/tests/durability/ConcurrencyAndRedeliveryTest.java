package io.sluice.tests.durability;

import io.sluice.runtime.RuntimePorts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.functions.messaging.ForwardingQueue;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.api.options.KeysScanOptions;

/** Racing orchestrators and redelivered tasks, on real Redis with each queue: the Redis queue and SQS on ElasticMQ. */
class ConcurrencyAndRedeliveryTest {
    private static ElasticMqServer sqs;
    private Stack stack;
    private Stack.Opened opened;

    @BeforeAll
    static void startSqs() {
        sqs = ElasticMqServer.start();
    }

    @AfterAll
    static void stopSqs() {
        sqs.close();
    }

    private void open(String queue) {
        String id = UUID.randomUUID().toString().substring(0, 8);
        stack = new Stack(RedisTestServer.shared().url(), queue.equals("sqs") ? sqs.endpoint() : null, "sluice-race-" + id, "race-" + id);
        opened = stack.open();
    }

    @AfterEach
    void close() {
        if (opened == null) {
            return;
        }
        List<String> keys = new ArrayList<>();
        opened.redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(stack.keyPrefix() + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            opened.redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        opened.close();
    }

    private Orchestrator orchestrator() {
        Clock clock = Clock.systemUTC();
        return new Orchestrator(opened.ports.executions(), new DefinitionCache(opened.ports.definitions()),
                new OutboxDispatcher(opened.ports.executions(), opened.queue, opened.ports.timers(), stack.names(), clock), clock,
                Boundary.Probe.NONE);
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"redis", "sqs"})
    void twoOrchestratorsRacingOnOneExecutionLoseNoResult(String queue) throws Exception {
        open(queue);
        int branches = 12;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < branches; i++) {
            b.append(i == 0 ? "" : ",").append("{\"StartAt\": \"T\", \"States\": {\"T\": {\"Type\": \"Task\", \"Resource\": \"sluice:function:w\", ")
                    .append("\"Parameters\": {\"i\": ").append(i).append("}, \"End\": true}}}");
        }
        var definition = DefinitionParser.parse(Json.parse("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Parallel\", \"End\": true, \"Branches\": [" + b + "]}}}"));
        Orchestrator first = orchestrator();
        Orchestrator second = orchestrator();
        String id = first.start("race", "one", definition, Json.object()).execution().executionId();
        List<TaskMessage> tasks = Collections.synchronizedList(new ArrayList<>());
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            for (ReceivedMessage m : opened.queue.receive(stack.names().tasks("w"), 10, Duration.ofSeconds(60), Duration.ZERO)) {
                tasks.add(TaskMessage.decode(m.body()));
            }
            return tasks.size() == branches;
        });
        AtomicInteger next = new AtomicInteger();
        Concurrently.run(2, () -> {
            Orchestrator mine = next.getAndIncrement() == 0 ? first : second;
            for (int i = 0; i < branches; i++) {
                // Both deliver every result: each is accepted once, the copy is dropped; no update is lost.
                TaskMessage t = tasks.get(i);
                mine.handle(new OrchestratorMessage.TaskResult(t.token(), t.payload(), null, null));
            }
            return true;
        });
        JsonNode state = Json.parse(opened.ports.executions().load(id).orElseThrow().state());
        assertThat(state.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(state.get("output")).hasSize(branches);
        for (int i = 0; i < branches; i++) {
            assertThat(state.get("output").get(i).get("i").asInt()).isEqualTo(i);
        }
        List<String> history = opened.ports.executions().history(id, 0, 10_000);
        assertThat(history.stream().filter(h -> h.contains("\"TASK_SUCCEEDED\""))).hasSize(branches);
        assertThat(history.stream().filter(h -> h.contains("\"RESULT_DROPPED\""))).hasSize(branches);
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"redis", "sqs"})
    void aTaskRedeliveredWhileStillRunningIsNotRunTwice(String queue) throws Exception {
        open(queue);
        Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        CountDownLatch redelivered = new CountDownLatch(1);
        AtomicInteger seen = new AtomicInteger();
        TaskFunctions slow = TaskFunctions.of(Map.of("slow", in -> {
            runs.computeIfAbsent(in.toString(), k -> new AtomicInteger()).incrementAndGet();
            try {
                // Long work: outlives the 2 s visibility timeout, so the queue hands the message out again meanwhile.
                redelivered.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return in;
        }));
        TaskFunctions watched = name -> slow.find(name).map(f -> in -> {
            seen.incrementAndGet();
            return f.apply(in);
        });
        LocalRuntime.Settings settings = stack.settings(Boundary.Probe.NONE);
        AtomicInteger mostReceives = new AtomicInteger();
        TaskQueue counting = new ForwardingQueue(opened.queue) {
            @Override
            public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
                List<ReceivedMessage> got = super.receive(queue, max, visibility, wait);
                if (queue.equals(stack.names().tasks("slow"))) {
                    got.forEach(m -> mostReceives.accumulateAndGet(m.receiveCount(), Math::max));
                }
                return got;
            }
        };
        RuntimePorts ports = new RuntimePorts(opened.ports.executions(), opened.ports.claims(), counting,
                opened.ports.timers(), opened.ports.definitions());
        try (LocalRuntime runtime = new LocalRuntime(ports, watched, List.of("slow"),
                new LocalRuntime.Settings(settings.names(), Duration.ofSeconds(1), Duration.ofSeconds(30), 8, settings.tickEvery(),
                        settings.outboxGrace(), settings.probe()), Clock.systemUTC())) {
            var definition = DefinitionParser.parse(Json.parse("""
                    {"StartAt": "S", "States": {"S": {"Type": "Task", "Resource": "sluice:function:slow", "End": true}}}"""));
            String id = runtime.orchestrator().start("redelivery", "one", definition, Json.parse("{\"k\": 1}")).execution().executionId();
            // The copy of the message is received and finds the task claimed (Busy): it is left for later, not run.
            await().atMost(Duration.ofSeconds(20)).until(() -> mostReceives.get() >= 2);
            redelivered.countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> opened.ports.executions().load(id).orElseThrow().summary().status().equals("SUCCEEDED"));
            assertThat(runs).containsOnlyKeys("{\"k\":1}");
            assertThat(runs.get("{\"k\":1}").get()).isEqualTo(1);
            assertThat(seen.get()).isEqualTo(1);
        }
    }
}
