package io.sluice.cli.chaos;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.runtime.RuntimePorts;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The failure drill: Redis (AOF on, its own port) and PostgreSQL, two orchestrator, two worker, one events and one
 * triggers process; N object-created notifications, each sent twice, for the triggers process to start a run per
 * object; N executions (each of its own partition, with a downstream pipeline that the events process starts
 * when it succeeds) of a definition with a Choice, a Map of warehouse loads, a Wait, a callback ({@code .waitForTaskToken},
 * answered by {@link Callbacks}, some twice), a Parallel of retried tasks, and a planted failure for some; the retail
 * example's pattern pipelines for a few dates ({@link ChaosRetail}: two ingestions and the export that waits for them,
 * through DuckDB jobs, the PostgreSQL warehouse and the demo's HTTP and SFTP partner); a dlq-handler process; then the
 * seeded plan's faults — SIGKILLs of nodes, a SIGKILL and AOF restart of Redis, poison messages — while the nodes
 * duplicate and delay results and cut some visibility timeouts short (early redelivery); then {@link ChaosChecks}.
 */
public final class ChaosDrill {
    /**
     * How to run: executions, how long faults go on, the seed, Redis's appendfsync, where progress goes, and whether Redis
     * is one server or a loopback cluster (whose fault is a primary's failover).
     */
    public record Settings(int executions, Duration duration, long seed, String appendfsync, Duration settle, PrintStream progress,
                           Path example, boolean cluster) {
        public Settings(int executions, Duration duration, long seed, String appendfsync, Duration settle, PrintStream progress,
                        Path example) {
            this(executions, duration, seed, appendfsync, settle, progress, example, false);
        }

        /** {@code example}: the retail example's folder (its pipelines/, jobs/ and warehouse.sql). */
        public Settings {
            if (!Files.isDirectory(example.resolve("pipelines")) || !Files.isDirectory(example.resolve("jobs"))) {
                throw new IllegalArgumentException("example: no retail example at " + example.toAbsolutePath().normalize()
                        + " (it has pipelines/ and jobs/)");
            }
        }
    }

    static final String PIPELINE = "chaos";
    static final int ITEMS = 3;
    static final String DEFINITION = """
            {"StartAt": "Planted", "States": {
              "Planted": {"Type": "Choice", "Choices": [{"Variable": "$.fail", "BooleanEquals": true, "Next": "Both"}], "Default": "Loads"},
              "Loads": {"Type": "Map", "ItemsPath": "$.items", "ResultPath": "$.loaded", "Next": "Pause",
                "ItemProcessor": {"StartAt": "Load", "States": {"Load": {"Type": "Task", "Resource": "sluice:function:load",
                  "Parameters": {"batch.$": "States.Format('{}-{}', $$.Execution.Name, $)"},
                  "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
                  "End": true}}}},
              "Pause": {"Type": "Wait", "Seconds": 1, "Next": "Approve"},
              "Approve": {"Type": "Task", "Resource": "sluice:function:callback.waitForTaskToken", "ResultPath": "$.approval",
                "Parameters": {"token.$": "$$.Task.Token"}, "TimeoutSeconds": 600,
                "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
                "Next": "Both"},
              "Both": {"Type": "Parallel", "ResultPath": "$.both", "End": true, "Branches": [
                {"StartAt": "Left", "States": {"Left": {"Type": "Task", "Resource": "sluice:function:flaky",
                  "Parameters": {"key.$": "States.Format('{}/left', $$.Execution.Name)"},
                  "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
                  "End": true}}},
                {"StartAt": "Right", "States": {"Right": {"Type": "Task", "Resource": "sluice:function:flaky",
                  "Parameters": {"key.$": "States.Format('{}/right', $$.Execution.Name)", "fail.$": "$.fail"},
                  "Retry": [{"ErrorEquals": ["Chaos.Planted"], "MaxAttempts": 0},
                            {"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 20, "BackoffRate": 1.5, "MaxDelaySeconds": 4}],
                  "End": true}}}]}}}""";

    private ChaosDrill() {}

    /** Runs the drill in a temporary folder, removed when it passes and kept (node logs, Redis's AOF) when not. */
    public static ChaosReport run(Settings s) throws Exception {
        Path dir = Files.createTempDirectory("sluice-chaos-");
        ChaosReport report = run(s, dir);
        if (report.passed()) {
            deleteQuietly(dir);
        } else {
            s.progress().println("chaos: kept " + dir + " (the nodes' logs, Redis's AOF and log)");
        }
        return report;
    }

    private static ChaosReport run(Settings s, Path dir) throws Exception {
        String run = Long.toHexString(s.seed()) + "-" + UUID.randomUUID().toString().substring(0, 6);
        Path redisDir = Files.createDirectories(dir.resolve("redis"));
        String binary = EmbeddedRedis.executable("redis-server", System.getenv("PATH"))
                .orElseThrow(() -> new IllegalStateException("the drill needs redis-server on PATH (it restarts it from its AOF)")).toString();
        List<String> roles = List.of("orchestrator", "orchestrator", "worker", "worker", "events", "triggers", "dlq-handler");
        ChaosPlan plan = ChaosPlan.draw(s.seed(), roles.size(), s.executions(), s.duration().toMillis());
        String schema = "chaos_" + run.replace('-', '_');
        String table = schema + ".loads";
        Path batch = dir.resolve("batch.csv");
        Path sleeping = Files.createDirectories(dir.resolve("objects"));
        Files.writeString(batch, "n,label\n1,a\n2,b\n3,c\n");
        String prefix = "chaos-" + run;
        QueueNames names = new QueueNames(prefix);
        try (DrillRedis redis = s.cluster()
                ? RedisClusterProcess.start(binary, EmbeddedRedis.executable("redis-cli", System.getenv("PATH"))
                        .orElseThrow(() -> new IllegalStateException("a cluster drill needs redis-cli on PATH")).toString(), s.appendfsync())
                : RedisProcess.start(binary, redisDir, s.appendfsync());
             EmbeddedPostgres pg = EmbeddedPostgres.configuredOrStarted(System.getenv(), EmbeddedPostgres.Settings.temporary())) {
            s.progress().println("chaos: seed " + s.seed() + ", " + redis.describe() + ", PostgreSQL " + (pg.embedded() ? "embedded" : "from SLUICE_PG_URL") + ", schema " + schema
                    + ", folder " + dir);
            sql(pg, "CREATE SCHEMA " + schema, "CREATE TABLE " + table + " (n int, label text, sluice_batch text)");
            String application = "sluice-chaos-" + run;
            int days = ChaosRetail.days(s.executions());
            try (ChaosRetail retail = ChaosRetail.prepare(s.example(), dir.resolve("retail"), days, s.seed(), schema, run, pg.dataSource());
                 ChaosNodes nodes = new ChaosNodes(roles, List.of(redis.url(), prefix, prefix, table, batch.toString(),
                         retail.folders().root().toString(), retail.folders().scripts().toString(), sleeping.toString()), pg.jdbcUrl(), application,
                         dir);
                 RedisAdapters store = RedisAdapters.open(SluiceRedisProperties.of(redis.url()).withKeyPrefix(prefix))) {
                nodes.startAll();
                s.progress().println("chaos: 2 orchestrators, 2 workers, the events, triggers and dlq-handler processes ready; "
                        + plan.faults().size() + " faults planned; the retail pipelines for " + days + " dates");
                RedisTaskQueue queue = new RedisTaskQueue(store.redisson(), prefix, ChaosNode.MAX_RECEIVES);
                Clock clock = Clock.systemUTC();
                ObjectStore objects = new FolderObjectStore(sleeping);
                RuntimePorts ports = ChaosNode.ports(store, queue, objects);
                Orchestrator starter = ChaosNode.runtime(ports, names, clock).build().orchestrator();
                Definition definition = DefinitionParser.parse(Json.parse(DEFINITION));
                List<String> accepted = new ArrayList<>();
                List<String> locked = new ArrayList<>(List.of(table));
                locked.addAll(retail.tables());
                Faults faults = new Faults(plan, nodes, redis, queue, names, millis -> pauseWarehouse(pg, locked, application, millis),
                        s.progress());
                Callbacks callbacks = Callbacks.start(store.redisson(), queue, names, prefix, s.seed());
                Instant begin = Instant.now();
                long spread = s.duration().toMillis() / 2;
                for (int i = 0; i < s.executions(); i++) {
                    long due = spread * i / Math.max(1, s.executions());
                    faults.runUntil(begin, due);
                    accepted.add(start(starter, definition, i, plan.plantedFailures().contains(i)));
                    if (i % Math.max(1, s.executions() / days) == 0 && retail.started().size() < 3 * days) {
                        retail.start(starter, retail.dates().get(retail.started().size() / 3));
                    }
                    notify(queue, names, i);
                    if (i >= 2) {
                        notify(queue, names, i - 2); // the store delivers again, later: the copy must start nothing
                    }
                }
                for (int i = Math.max(0, s.executions() - 2); i < s.executions(); i++) {
                    notify(queue, names, i);
                }
                faults.runUntil(begin, s.duration().toMillis());
                s.progress().println("chaos: faults done (" + faults.kills() + " kills, " + faults.redisRestarts()
                        + " Redis restarts); waiting for every execution to finish");
                try (callbacks) {
                    return new ChaosChecks(store, ports, objects, names, prefix, pg, table, ITEMS, s.settle(), s.progress())
                            .check(accepted, retail, plan, faults, callbacks, s.appendfsync());
                } finally {
                    retail.deleteStatusRows(pg.dataSource());
                }
            } finally {
                sql(pg, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
    }

    /** Starts execution {@code i}; while Redis is down the start is refused and tried again, so it is accepted once. */
    private static String start(Orchestrator starter, Definition definition, int i, boolean planted) {
        String input = "{\"items\": [\"a\", \"b\", \"c\"], \"fail\": " + planted + ", \"partition\": \"" + ChaosEvents.partition(i) + "\"}";
        return retrying(() -> starter.start(PIPELINE, "run-" + i, definition, Json.parse(input)).execution().executionId());
    }

    /** Starts one execution (returns its id) or sends one message; while Redis is down it is refused and tried again. */
    static String retrying(java.util.function.Supplier<String> start) {
        for (int attempt = 0; ; attempt++) {
            try {
                return start.get();
            } catch (RuntimeException e) {
                if (attempt > 200) {
                    throw e;
                }
                RedisProcess.pause(250);
            }
        }
    }

    /** Sends object {@code j}'s notification to the triggers process's queue; while Redis is down it is tried again. */
    private static void notify(TaskQueue queue, QueueNames names, int j) {
        retrying(() -> {
            queue.send(ChaosTriggers.queue(names), new TaskQueue.OutgoingMessage(ChaosTriggers.notification(j), Map.of()), Duration.ZERO);
            return "sent";
        });
    }

    static void sql(EmbeddedPostgres pg, String... statements) {
        try (Connection c = pg.dataSource().getConnection(); Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL: " + e.getMessage(), e);
        }
    }

    /**
     * The warehouse stalls: an exclusive lock on the tables (the synthetic loads' and the retail ingestions') for
     * {@code millis} (loads wait on it), then every
     * connection of this drill's workers (by application name, so nobody else's) is terminated mid-statement.
     */
    static void pauseWarehouse(EmbeddedPostgres pg, List<String> tables, String application, long millis) {
        try (Connection c = pg.dataSource().getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            st.execute("LOCK TABLE " + String.join(", ", tables) + " IN ACCESS EXCLUSIVE MODE");
            RedisProcess.pause(millis);
            st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '" + application
                    + "' AND pid <> pg_backend_pid()");
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL: " + e.getMessage(), e);
        }
    }

    static TaskQueue.OutgoingMessage poison(String body) {
        return new TaskQueue.OutgoingMessage(body, Map.of("chaos", "poison"));
    }

    static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
