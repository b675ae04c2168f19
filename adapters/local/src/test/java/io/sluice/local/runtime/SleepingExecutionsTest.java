package io.sluice.local.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.runtime.RuntimePorts;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.time.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.options.KeysScanOptions;

/**
 * Issue 37: a waiting execution sleeps in the object store (here the local folder store, as S3 or Blob elsewhere) and
 * Redis keeps a stub; it reads as any other execution while it sleeps; the event it waits for wakes it, once. On the local
 * runtime over a real Redis (its queues too), the clock a test's to move past a Wait.
 */
class SleepingExecutionsTest {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final Definition WAITS_AN_HOUR = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Shape", "States": {
              "Shape": {"Type": "Pass", "Parameters": {"order.$": "$.order", "lines": [1, 2, 3]}, "Next": "Later"},
              "Later": {"Type": "Wait", "Seconds": 3600, "Next": "Echo"},
              "Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}"""));
    private static final Definition WAITS_FOR_A_CALLBACK = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Ask", "States": {
              "Ask": {"Type": "Task", "Resource": "sluice:function:ask.waitForTaskToken",
                      "Parameters": {"token.$": "$$.Task.Token"}, "ResultPath": "$.answer", "End": true}}}"""));
    private static final Definition WAITS_FOR_A_HEARTBEATING_CALLBACK = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Ask", "States": {
              "Ask": {"Type": "Task", "Resource": "sluice:function:ask.waitForTaskToken", "HeartbeatSeconds": 3600,
                      "Parameters": {"token.$": "$$.Task.Token"}, "ResultPath": "$.answer", "End": true}}}"""));
    private static final Definition WAITS_A_MINUTE = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Soon", "States": {"Soon": {"Type": "Wait", "Seconds": 60, "End": true}}}"""));

    @TempDir
    Path data;
    private final String prefix = "sluice-test:sleep:" + UUID.randomUUID();
    private final List<String> tokens = new CopyOnWriteArrayList<>();
    private final ManualClock clock = new ManualClock(Instant.now());
    private RedisAdapters redis;
    private RedisTaskQueue queue;
    private ObjectStore objects;
    private ExecutionStore executions;
    private LocalRuntime runtime;

    @BeforeEach
    void setUp() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix));
        queue = new RedisTaskQueue(redis.redisson(), prefix, 20);
        objects = new FolderObjectStore(data);
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                redis.definitionStore()).sleepingIn(objects);
        executions = ports.executions();
        Map<String, Function<JsonNode, JsonNode>> functions = Map.of("echo", in -> in, "ask", in -> {
            tokens.add(in.get("token").asText());
            return null;
        });
        TaskFunctions bundle = name -> Optional.ofNullable(functions.get(name));
        QueueNames names = new QueueNames("sleep-" + UUID.randomUUID().toString().substring(0, 8));
        runtime = new LocalRuntime(ports, bundle, functions.keySet(), new LocalRuntime.Settings(names, Duration.ofSeconds(2),
                Duration.ofSeconds(2), 8, Duration.ofMillis(100), Duration.ofMillis(500), Boundary.Probe.NONE), clock);
    }

    @AfterEach
    void tearDown() {
        runtime.close();
        queue.close();
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + "*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redis.redisson().getKeys().delete(keys.toArray(String[]::new));
        }
        redis.close();
    }

    @Test
    void anExecutionWaitingAnHourSleepsReadsAsBeforeAndWakesWhenItsTimerFires() {
        String id = runtime.start("hourly", "h1", WAITS_AN_HOUR, Json.parse("{\"order\": \"o-1\"}")).execution().executionId();
        StoredExecution stub = await().atMost(WITHIN).until(() -> redis.executionStore().load(id).orElseThrow(), StoredExecution::stub);
        assertThat(redis.executionStore().history(id, 0, 100)).as("the history left Redis").isEmpty();
        assertThat(sleeping()).as("one object, of the stub's version").singleElement().asString()
                .isEqualTo("hibernated/executions/pipeline=hourly/name=h1/v" + stub.version() + ".jsonl.gz");

        // While it sleeps it reads as any execution: its state, its history, its place in the listing.
        StoredExecution asleep = executions.load(id).orElseThrow();
        assertThat(asleep.stub()).isFalse();
        Execution state = ExecutionCodec.decode(Json.parse(asleep.state()));
        assertThat(state.status()).isEqualTo(ExecutionStatus.RUNNING);
        List<String> history = executions.history(id, 0, 100);
        assertThat(history).isNotEmpty().anySatisfy(line -> assertThat(line).contains("\"WAIT_STARTED\""));
        assertThat(executions.history(id, 1, 100)).isEqualTo(history.subList(1, history.size()));
        assertThat(executions.list("hourly", "RUNNING", 10)).extracting(s -> s.executionId()).containsExactly(id);
        assertThat(redis.executionStore().load(id).orElseThrow().stub()).as("reading does not wake it").isTrue();

        clock.advance(Duration.ofHours(2));
        Execution done = awaitEnd(id);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(done.output()).isEqualTo(Json.parse("{\"order\": \"o-1\", \"lines\": [1, 2, 3]}"));
        List<String> after = executions.history(id, 0, 1000);
        assertThat(after.subList(0, history.size())).as("the history it slept with, then what followed").isEqualTo(history);
        assertThat(after).anySatisfy(line -> assertThat(line).contains("\"EXECUTION_SUCCEEDED\""));
        assertThat(sleeping()).as("nothing left in the object store").isEmpty();
    }

    @Test
    void twoRacingCallbacksWakeItOnceAndOnlyTheFirstAnswerCounts() throws Exception {
        String id = runtime.start("asking", "a1", WAITS_FOR_A_CALLBACK, Json.object()).execution().executionId();
        await().atMost(WITHIN).until(() -> redis.executionStore().load(id).orElseThrow(), StoredExecution::stub);
        String token = await().atMost(WITHIN).until(() -> tokens.isEmpty() ? null : tokens.getFirst(), t -> t != null);

        CompletableFuture<Void> yes = CompletableFuture.runAsync(() -> runtime.apply(
                new OrchestratorMessage.TaskResult(token, Json.parse("{\"said\": \"yes\"}"), null, null)));
        CompletableFuture<Void> no = CompletableFuture.runAsync(() -> runtime.apply(
                new OrchestratorMessage.TaskResult(token, Json.parse("{\"said\": \"no\"}"), null, null)));
        CompletableFuture.allOf(yes, no).get();

        Execution done = awaitEnd(id);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        String said = done.output().get("answer").get("said").asText();
        assertThat(said).isIn("yes", "no");
        List<String> history = executions.history(id, 0, 1000);
        assertThat(history.stream().filter(l -> l.contains("\"TASK_SUCCEEDED\""))).as("applied once").hasSize(1);
        assertThat(sleeping()).isEmpty();
    }

    @Test
    void aShortWaitStaysAwake() {
        String id = runtime.start("minutely", "m1", WAITS_A_MINUTE, Json.object()).execution().executionId();
        // Both on one orchestrator: once the hour-long one sleeps, the minute-long one was judged too (it started first).
        String hourly = runtime.start("hourly", "h2", WAITS_AN_HOUR, Json.parse("{\"order\": \"o-2\"}")).execution().executionId();
        await().atMost(WITHIN).until(() -> redis.executionStore().load(hourly).orElseThrow(), StoredExecution::stub);
        assertThat(redis.executionStore().history(id, 0, 100)).as("a minute is not far enough to sleep")
                .anySatisfy(line -> assertThat(line).contains("\"WAIT_STARTED\""));
        assertThat(redis.executionStore().load(id).orElseThrow().stub()).isFalse();
        assertThat(sleeping()).singleElement().asString().contains("name=h2/");
    }

    /**
     * Issue 37: "a heartbeat does not wake what it need not". A callback's heartbeat (SendTaskHeartbeat) of a sleeping
     * execution moves its task's heartbeat timer an interval on, as a heartbeat of an awake one does, and leaves it asleep:
     * the same stub version, the same object. Its answer still wakes it.
     */
    @Test
    void aHeartbeatMovesASleepingTasksHeartbeatTimerAndLeavesItAsleep() {
        Instant t0 = clock.instant();
        String id = runtime.start("beating", "b1", WAITS_FOR_A_HEARTBEATING_CALLBACK, Json.object()).execution().executionId();
        StoredExecution stub = await().atMost(WITHIN).until(() -> redis.executionStore().load(id).orElseThrow(), StoredExecution::stub);
        String token = await().atMost(WITHIN).until(() -> tokens.isEmpty() ? null : tokens.getFirst(), t -> t != null);
        assertThat(timerDues()).as("the heartbeat timer, an interval after the task began").containsExactly(t0.plusSeconds(3600).toEpochMilli());

        clock.advance(Duration.ofMinutes(50));
        runtime.apply(new OrchestratorMessage.Heartbeat(token));

        assertThat(timerDues()).as("moved an interval on from the heartbeat").containsExactly(t0.plus(Duration.ofMinutes(110)).toEpochMilli());
        StoredExecution after = redis.executionStore().load(id).orElseThrow();
        assertThat(after.stub()).as("still asleep").isTrue();
        assertThat(after.version()).as("nothing committed").isEqualTo(stub.version());
        assertThat(sleeping()).singleElement().asString().endsWith("/v" + stub.version() + ".jsonl.gz");

        runtime.apply(new OrchestratorMessage.TaskResult(token, Json.parse("{\"said\": \"yes\"}"), null, null));
        assertThat(awaitEnd(id).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(executions.history(id, 0, 1000)).noneSatisfy(line -> assertThat(line).contains("TIMED_OUT"));
    }

    /** The due times (epoch ms) of every timer under this test's prefix. */
    private List<Long> timerDues() {
        List<Long> dues = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":timers:*:due")).forEach(key ->
                redis.redisson().<String>getScoredSortedSet(key, org.redisson.client.codec.StringCodec.INSTANCE).entryRange(0, -1)
                        .forEach(e -> dues.add(e.getScore().longValue())));
        return dues;
    }

    /**
     * A process that dies between putting a woken execution back and deleting its object, or between writing an object and
     * stubbing it, leaves an object nothing wakes from; the sweep deletes those once older than its grace, and keeps the
     * object of every execution that sleeps in it (and any key that is not a sleep object's).
     */
    @Test
    void theSweepDeletesWhatACrashLeftBehindAndKeepsTheSleepers() {
        String woken = runtime.start("hourly", "h3", WAITS_AN_HOUR, Json.parse("{\"order\": \"o-3\"}")).execution().executionId();
        String asleep = runtime.start("hourly", "h4", WAITS_AN_HOUR, Json.parse("{\"order\": \"o-4\"}")).execution().executionId();
        StoredExecution stub = await().atMost(WITHIN).until(() -> redis.executionStore().load(woken).orElseThrow(), StoredExecution::stub);
        await().atMost(WITHIN).until(() -> redis.executionStore().load(asleep).orElseThrow(), StoredExecution::stub);
        // The crash after a wake's restore: the execution is back in Redis at its version, its object still there.
        assertThat(((io.sluice.orchestration.port.ExecutionStubs) redis.executionStore()).restore(stub.summary(), stub.version(),
                executions.load(woken).orElseThrow().state(), executions.history(woken))).isTrue();
        // The crash between an object and its stub, of an execution since gone; and a key that is no sleep object's.
        String gone = "hibernated/executions/pipeline=hourly/name=gone/v3.jsonl.gz";
        objects.put(gone, new byte[] {1});
        objects.put("hibernated/executions/notes.txt", new byte[] {2});
        io.sluice.functions.hibernate.HibernatingStore sweeper =
                (io.sluice.functions.hibernate.HibernatingStore) io.sluice.functions.hibernate.HibernatingStore.over(redis.executionStore(), objects);

        assertThat(sweeper.sweepOrphans(clock.instant())).as("nothing younger than the grace: it may be a sleep in progress").isZero();
        assertThat(sleeping()).hasSize(4);

        assertThat(sweeper.sweepOrphans(clock.instant().plus(Duration.ofMinutes(11)))).isEqualTo(2);
        assertThat(sleeping()).containsExactlyInAnyOrder("hibernated/executions/notes.txt",
                "hibernated/executions/pipeline=hourly/name=h4/v" + redis.executionStore().load(asleep).orElseThrow().version() + ".jsonl.gz");
        assertThat(redis.executionStore().load(asleep).orElseThrow().stub()).isTrue();
        clock.advance(Duration.ofHours(2));
        assertThat(awaitEnd(asleep).status()).as("the sleeper still wakes").isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(awaitEnd(woken).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
    }

    private List<String> sleeping() {
        return objects.list("hibernated/", null, 100).stream().map(ObjectStore.ObjectInfo::key).toList();
    }

    private Execution awaitEnd(String id) {
        return await().atMost(WITHIN).pollInterval(Duration.ofMillis(100))
                .until(() -> executions.load(id).map(s -> ExecutionCodec.decode(Json.parse(s.state()))).orElseThrow(),
                        e -> e.status().isTerminal());
    }
}
