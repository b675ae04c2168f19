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
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/**
 * Kills a Sluice node with SIGKILL at each boundary that matters for exactly-once effect, starts a
 * fresh node, and checks that every execution still finishes with the right output and that the
 * side-effect ledger holds each task's effect exactly once.
 */
class CrashInjectionTest {
    private static final int EXECUTIONS = 4;
    private static final int TASKS = 3;

    private static ElasticMqServer sqs;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSqs() {
        sqs = ElasticMqServer.start();
    }

    @AfterAll
    static void stopSqs() {
        sqs.close();
    }

    /**
     * Every boundary on both queues: the Redis queue (the local runtime's default) and SQS on ElasticMQ. The sleeping ones
     * ({@link Boundary#sleeping()}) on a stack whose executions sleep in a folder object store, each waiting between tasks.
     */
    static Stream<Arguments> boundariesAndQueues() {
        return Stream.of(Boundary.values()).flatMap(b -> Stream.of(Arguments.of(b, "redis"), Arguments.of(b, "sqs")));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("boundariesAndQueues")
    void everyExecutionFinishesAndEachEffectLandsOnceAfterAKillAt(Boundary boundary, String queue) throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        Stack stack = new Stack(RedisTestServer.shared().url(), queue.equals("sqs") ? sqs.endpoint() : null, "sluice-crash-" + id,
                "crash-" + id, boundary.sleeping() ? dir.resolve("objects") : null);
        try (Stack.Opened opened = stack.open()) {
            try {
                run(boundary, stack, opened);
            } finally {
                deleteKeys(opened.redis.redisson(), stack.keyPrefix());
            }
        }
    }

    private void run(Boundary boundary, Stack stack, Stack.Opened opened) throws Exception {
        {
            Path marker = dir.resolve("crashed");
            Process doomed = node(stack, List.of(boundary.name(), "3", marker.toString()));
            List<String> executions;
            try {
                executions = start(stack, opened);
                await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(marker) || !doomed.isAlive());
                assertThat(doomed.isAlive()).as("the node reached " + boundary + " and froze there").isTrue();
            } finally {
                doomed.destroyForcibly();
            }
            assertThat(doomed.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(doomed.exitValue()).as("killed by SIGKILL").isEqualTo(137);

            Process survivor = node(stack, List.of());
            try {
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> executions.stream()
                        .allMatch(e -> !"RUNNING".equals(summary(opened, e).status())));
                for (String e : executions) {
                    assertThat(summary(opened, e).status()).as(e).isEqualTo("SUCCEEDED");
                    assertThat(Json.parse(opened.ports.executions().load(e).orElseThrow().state()).at("/output/n").asInt()).isEqualTo(TASKS);
                }
                Map<String, String> ledger = opened.redis.redisson().<String, String>getMap(stack.keyPrefix() + ":ledger", StringCodec.INSTANCE)
                        .readAllMap();
                assertThat(ledger).hasSize(EXECUTIONS * TASKS);
                for (int i = 0; i < EXECUTIONS; i++) {
                    for (int t = 0; t < TASKS; t++) {
                        assertThat(ledger).containsEntry("run-" + i + "/T" + t, String.valueOf(t));
                    }
                }
                if (boundary.sleeping()) {
                    // Issue 37: the crash left the object of the version it froze at; nothing wakes from it, and the sweep
                    // deletes it once past its grace (a younger one may be a sleep in progress). Then nothing is left.
                    assertThat(sleeping(stack)).as("the frozen sleep's or wake's object").isNotEmpty();
                    ((io.sluice.functions.hibernate.HibernatingStore) opened.ports.executions()).sweepOrphans(
                            java.time.Instant.now().plus(Duration.ofMinutes(11)));
                    assertThat(sleeping(stack)).as("nothing left behind").isEmpty();
                }
                if (boundary == Boundary.AFTER_EFFECT_BEFORE_RESULT) {
                    // The frozen task's effect happened, its result never stored: after the lease a new node ran it again,
                    // and the ledger absorbed the second effect.
                    assertThat(totalInvocations(opened.redis.redisson(), stack.keyPrefix())).isGreaterThan(EXECUTIONS * TASKS);
                }
            } finally {
                survivor.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static List<String> sleeping(Stack stack) {
        return new io.sluice.local.objects.FolderObjectStore(stack.objects()).list("hibernated/", null, 100).stream()
                .map(io.sluice.orchestration.port.ObjectStore.ObjectInfo::key).toList();
    }

    private static ExecutionSummary summary(Stack.Opened opened, String executionId) {
        return opened.ports.executions().load(executionId).orElseThrow().summary();
    }

    private static List<String> start(Stack stack, Stack.Opened opened) {
        Clock clock = Clock.systemUTC();
        OutboxDispatcher outbox = new OutboxDispatcher(opened.ports.executions(), opened.queue, opened.ports.timers(), stack.names(), clock);
        Orchestrator orchestrator = new Orchestrator(opened.ports.executions(), new DefinitionCache(opened.ports.definitions()), outbox,
                clock, Boundary.Probe.NONE);
        Definition definition = DefinitionParser.parse(Json.parse(LedgerFunctions.definition(TASKS, stack.objects() == null ? 0 : 2)));
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < EXECUTIONS; i++) {
            ids.add(orchestrator.start("crash", "run-" + i, definition, Json.parse("{\"n\": 0}")).execution().executionId());
        }
        return ids;
    }

    private Process node(Stack stack, List<String> crash) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-D" + Stack.OBJECTS_PROPERTY + "=" + (stack.objects() == null ? "" : stack.objects()),
                "-cp", System.getProperty("java.class.path"), CrashNode.class.getName(),
                stack.redisUrl(), stack.queueArgument(), stack.keyPrefix(), stack.queuePrefix()));
        command.addAll(crash);
        Path logs = Path.of("target", "crash-nodes");
        Files.createDirectories(logs);
        File log = logs.resolve(stack.queuePrefix() + "-" + (crash.isEmpty() ? "survivor" : crash.getFirst()) + ".log").toFile();
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
    }

    private static long totalInvocations(RedissonClient redis, String prefix) {
        long total = 0;
        for (String key : redis.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":invocations:*"))) {
            total += redis.getAtomicLong(key).get();
        }
        return total;
    }

    private static void deleteKeys(RedissonClient redis, String prefix) {
        List<String> keys = new ArrayList<>();
        redis.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.getKeys().delete(keys.toArray(String[]::new));
        }
    }
}
