package io.sluice.local.runtime;

import io.sluice.runtime.RuntimePorts;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.maprun.MapRunCoordinator;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisExecutionLinks;
import io.sluice.redis.RedisMapRunStore;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.redisson.api.options.KeysScanOptions;

/**
 * The local durable runtime on a real Redis (its queues too), with child executions and map runs wired as
 * every host wires them ({@link ChildRuns}), the events queue consumed into a {@link CompletionListener}, and
 * a folder object store whose folders are buckets. Short visibility and lease, so redelivery after a
 * simulated crash takes a couple of seconds. Its keys live under a prefix of its own and are deleted on close.
 */
final class ChildRunsStack implements AutoCloseable {
    static final Duration VISIBILITY = Duration.ofSeconds(2);

    /** Thrown by test doubles to stand for the process dying: no handler catches an Error, so the message stays unacknowledged. */
    static final class SimulatedCrash extends Error {
        SimulatedCrash(String where) {
            super("simulated crash: " + where);
        }
    }

    final String prefix = "sluice-test:children:" + UUID.randomUUID();
    final QueueNames names = new QueueNames("children-" + UUID.randomUUID().toString().substring(0, 8));
    final RedisAdapters redis;
    final RedisTaskQueue queue;
    final RedisExecutionLinks links;
    final MapRunStore runs;
    final FolderObjectStore objects;
    final Map<String, Definition> pipelines = new ConcurrentHashMap<>();
    /** How many times the {@code count} function ran for each input (as JSON text). */
    final Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
    final LocalRuntime runtime;
    private final QueueConsumer events;

    ChildRunsStack(Path data, UnaryOperator<MapRunStore> wrapRuns) {
        redis = RedisAdapters.open(SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix));
        queue = new RedisTaskQueue(redis.redisson(), prefix, 20);
        links = new RedisExecutionLinks(redis.redisson(), prefix);
        runs = wrapRuns.apply(new RedisMapRunStore(redis.redisson(), prefix));
        objects = new FolderObjectStore(data);
        Clock clock = Clock.systemUTC();
        LocalRuntime[] holder = new LocalRuntime[1];
        Map<String, Function<JsonNode, JsonNode>> functions = new HashMap<>(testFunctions());
        TaskFunctions bundle = name -> Optional.ofNullable(functions.get(name));
        ChildRuns children = ChildRuns.wire(new ChildRuns.Wiring(runs, links, redis.executionStore(), queue, names,
                Buckets.folders(objects), PipelineDefinitions.of(id -> Optional.ofNullable(pipelines.get(id))),
                (pipeline, name, definition, input) -> holder[0].start(pipeline, name, definition, input), Tenancy.SINGLE, bundle, clock,
                new MapRunCoordinator.Settings(Duration.ofDays(1), 4096)));
        functions.put("executions", children.executions());
        functions.put("map-run", children.mapRun());
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                redis.definitionStore());
        runtime = new LocalRuntime(ports, bundle, functions.keySet(), new LocalRuntime.Settings(names, VISIBILITY, VISIBILITY, 16,
                Duration.ofMillis(200), Duration.ofMillis(500), Boundary.Probe.NONE), clock);
        holder[0] = runtime;
        CompletionListener listener = new CompletionListener(redis.executionStore(), children.handlers());
        events = new QueueConsumer(queue, names.events(), m -> {
            listener.handle(m.body());
            return true;
        }, VISIBILITY, 8);
    }

    private Map<String, Function<JsonNode, JsonNode>> testFunctions() {
        Map<String, Function<JsonNode, JsonNode>> f = new HashMap<>();
        f.put("echo", in -> in);
        f.put("count", in -> {
            effects.computeIfAbsent(Json.write(in), k -> new AtomicInteger()).incrementAndGet();
            if (Json.write(in).contains("bad")) {
                throw new TaskError("Item.Bad", "item " + Json.write(in) + " is bad", false);
            }
            return Json.object().put("seen", Json.write(in).length());
        });
        f.put("hold", in -> null); // run as .waitForTaskToken: leaves its task waiting
        return f;
    }

    void pipeline(String id, String definition) {
        pipelines.put(id, DefinitionParser.parse(Json.parse(definition)));
    }

    String start(String pipeline, String name, JsonNode input) {
        return runtime.start(pipeline, name, pipelines.get(pipeline), input).execution().executionId();
    }

    /** The execution once it has ended. */
    Execution awaitEnd(String executionId, Duration within) {
        // A simulated crash is an Error on a consumer's thread, where it belongs; it is not the test's failure.
        return await().atMost(within).pollInterval(Duration.ofMillis(100)).dontCatchUncaughtExceptions().until(() -> execution(executionId),
                e -> e.isPresent() && e.get().status().isTerminal()).orElseThrow();
    }

    Optional<Execution> execution(String executionId) {
        return redis.executionStore().load(executionId).map(s -> ExecutionCodec.decode(Json.parse(s.state())));
    }

    Optional<StoredExecution> stored(String executionId) {
        return redis.executionStore().load(executionId);
    }

    List<ExecutionSummary> executionsOf(String pipeline) {
        return redis.executionStore().list(pipeline, null, 10_000);
    }

    @Override
    public void close() {
        events.close();
        runtime.close();
        queue.close();
        List<String> keys = new ArrayList<>();
        redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        for (int from = 0; from < keys.size(); from += 500) {
            redis.redisson().getKeys().delete(keys.subList(from, Math.min(keys.size(), from + 500)).toArray(String[]::new));
        }
        redis.close();
    }
}
