package io.sluice.cli.chaos;

import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.local.runtime.QueueConsumer;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.Warehouse;
import io.sluice.postgres.warehouse.BatchSource;
import io.sluice.postgres.warehouse.PostgresWarehouse;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.postgresql.ds.PGSimpleDataSource;
import org.redisson.api.RedissonClient;

/**
 * One process of the drill, in one role: {@code orchestrator} (the local runtime's orchestrator consumer and
 * schedule tick, no task functions), {@code worker} (the worker harness consuming the task queues of the
 * drill's functions), {@code events} ({@link ChaosEvents}: the completion listener and the upstream trigger) or
 * {@code triggers} ({@link ChaosTriggers}: the object trigger over S3 notifications). Both run the same classes {@code sluice serve} runs; the drill SIGKILLs them.
 *
 * <p>A worker's results reach the orchestrator through {@link FaultyQueue}: some are sent twice, the copy late
 * (a duplicated, reordered delivery). {@code load} loads a CSV batch into PostgreSQL through the real warehouse
 * and its load ledger; {@code flaky} fails each key's first attempt (retried) and fails with
 * {@code Chaos.Planted} where the execution's input says {@code fail}; {@code callback} hands its task token to
 * the drill, which sends the task's success as {@code POST /v1/tasks/{token}/success} would.
 *
 * <p>A worker also runs the six task functions of the retail example's pattern pipelines ({@link RetailFunctions}); the
 * {@code dlq-handler} role ({@link ChaosDeadLetters}) consumes every dead-letter queue.
 *
 * <p>Every node's executions sleep in one folder object store ({@link SleepCounting}): an orchestrator puts an execution
 * to sleep once every wait it has is {@link #SLEEP_AFTER} away or more (the callback, the Wait, each retry's backoff), so
 * the kills land in sleeps and wakes too.
 *
 * <p>Arguments: role redisUrl keyPrefix queuePrefix table batchFile retailFolder retailJobs objectsFolder; the JDBC URL
 * comes in {@code SLUICE_CHAOS_PG_URL}, the application name its connections carry (so the drill can drop them) in
 * {@code SLUICE_CHAOS_PG_APPLICATION}, the node's number (its job engine's work folder) in {@code SLUICE_CHAOS_NODE}.
 */
public final class ChaosNode {
    static final Duration VISIBILITY = Duration.ofSeconds(3);
    static final Duration LEASE = Duration.ofSeconds(3);
    static final int MAX_RECEIVES = 6;
    static final List<String> FUNCTIONS = List.of("load", "flaky", "callback");
    /** How far away every wait of an execution must be for it to sleep: the drill's Wait (1 s) and backoffs (1-4 s) are. */
    static final Duration SLEEP_AFTER = Duration.ofMillis(500);

    private ChaosNode() {}

    public static void main(String[] args) throws Exception {
        String role = args[0];
        String prefix = args[2];
        QueueNames names = new QueueNames(args[3]);
        RedisAdapters redis = RedisAdapters.open(SluiceRedisProperties.of(args[1]).withKeyPrefix(prefix));
        RedisTaskQueue queue = new RedisTaskQueue(redis.redisson(), prefix, MAX_RECEIVES);
        FaultyQueue faulty = new FaultyQueue(queue, redis.redisson(), prefix, names.orchestrator(), role.equals("worker") ? 0.3 : 0, 0.05);
        ObjectStore objects = SleepCounting.over(new FolderObjectStore(Path.of(args[8])), redis.redisson(), prefix);
        RuntimePorts ports = ports(redis, faulty, objects);
        Clock clock = Clock.systemUTC();
        if (role.equals("events")) {
            ChaosEvents.start(redis, ports, names, prefix, clock);
        } else if (role.equals("dlq-handler")) {
            ChaosDeadLetters.start(redis, ports, names, prefix, clock);
        } else if (role.equals("triggers")) {
            ChaosTriggers.start(ports, names, clock);
        } else if (role.equals("orchestrator")) {
            new LocalRuntime(ports, TaskFunctions.of(Map.of()), List.of(),
                    new LocalRuntime.Settings(names, VISIBILITY, LEASE, 16, Duration.ofMillis(200), Duration.ofSeconds(2), Boundary.Probe.NONE)
                            .withHibernateAfter(pipeline -> SLEEP_AFTER),
                    clock);
        } else {
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setUrl(System.getenv("SLUICE_CHAOS_PG_URL"));
            pg.setApplicationName(System.getenv("SLUICE_CHAOS_PG_APPLICATION"));
            Map<String, Function<JsonNode, JsonNode>> all = new HashMap<>(functions(new PostgresWarehouse(pg, BatchSource.files()),
                    redis.redisson(), prefix, args[4], args[5]));
            all.putAll(RetailFunctions.of(new RetailFunctions.Folders(Path.of(args[6]), Path.of(args[7])),
                    System.getenv("SLUICE_CHAOS_NODE"), pg, redis.redisson(), prefix, faulty, ports.timers(), names, clock));
            TaskFunctions functions = TaskFunctions.of(all);
            WorkerHarness harness = RuntimeBuilder.on(ports, names, clock)
                    .worker(io.sluice.functions.tenancy.Tenancy.SINGLE.owners(), // the drill has one operator and no tenants
                            "chaos-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8), LEASE)
                    .build().worker(functions);
            for (String f : all.keySet()) {
                String taskQueue = names.tasks(f);
                new QueueConsumer(faulty, taskQueue, m -> harness.handle(m.body(), taskQueue) != WorkerHarness.Disposition.RETRY_LATER,
                        VISIBILITY, 8);
            }
        }
        System.out.println("ready " + role);
        System.out.flush();
        Thread.currentThread().join();
    }

    /** The drill's runtime over {@code ports}: its orchestrator starts executions and dispatches their first commands itself. */
    static RuntimeBuilder runtime(RuntimePorts ports, QueueNames names, Clock clock) {
        return RuntimeBuilder.on(ports, names, clock);
    }

    /** The drill's ports over its Redis and {@code queue}, executions sleeping in {@code objects}. */
    static RuntimePorts ports(RedisAdapters redis, TaskQueue queue, ObjectStore objects) {
        return new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(), redis.definitionStore())
                .sleepingIn(objects);
    }

    static Map<String, Function<JsonNode, JsonNode>> functions(Warehouse warehouse, RedissonClient redis, String prefix, String table,
                                                               String batchFile) {
        return Map.of(
                "load", (JsonNode in) -> {
                    String batch = in.get("batch").asText();
                    LoadResult r = warehouse.load(new Warehouse.LoadRequest(table, batch, batchFile, "csv", true, List.of()),
                            Clock.systemUTC().instant());
                    if (!(r instanceof LoadResult.Loaded loaded)) {
                        throw new TaskError("Warehouse.CopyFailed", "the batch " + batch + " did not load: " + r, false);
                    }
                    return Json.object().put("batch", batch).put("rows", loaded.rows()).put("again", loaded.alreadyLoaded());
                },
                "callback", (JsonNode in) -> {
                    // .waitForTaskToken: hand the token to the drill, which answers it (Callbacks); no result here.
                    redis.getQueue(Callbacks.key(prefix)).add(in.get("token").asText());
                    return null;
                },
                "flaky", (JsonNode in) -> {
                    if (in.path("fail").asBoolean(false)) {
                        throw new TaskError("Chaos.Planted", "this execution was planted to fail", false);
                    }
                    String key = in.get("key").asText();
                    if (redis.getBucket(prefix + ":chaos:failed:" + key).setIfAbsent("1")) {
                        throw new TaskError("Busy", "the first attempt of " + key + " fails", true);
                    }
                    return in;
                });
    }
}
