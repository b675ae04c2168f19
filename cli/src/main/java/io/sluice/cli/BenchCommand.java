package io.sluice.cli;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.EmbeddedRedisCluster;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.cli.bench.RedisMemory;
import io.sluice.cli.bench.RedisTraffic;
import io.sluice.cli.bench.TransitionsBench;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.TaskQueue;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import io.sluice.cli.bench.SchedulesBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import java.util.UUID;

/**
 * {@code sluice bench transitions}: the transitions bench on a local runtime over an embedded Redis
 * (queues in it, or with {@code --queue sqs} in an embedded ElasticMQ), started for the run and
 * stopped after it (no HTTP, no Spring).
 * {@code sluice bench starts} is {@link StartsBenchCommand}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks that print figures (bench/README.md has them).",
        subcommands = {BenchCommand.Transitions.class, BenchCommand.Schedules.class, StartsBenchCommand.class, RetentionBenchCommand.class,
                HibernateBenchCommand.class, ColdStartCommand.class, PriorityBenchCommand.class,
                ListingBenchCommand.class})
final class BenchCommand {
    /** Warm-up executions of {@code bench transitions} unless {@code --warmup} says otherwise. */
    static final int DEFAULT_TRANSITIONS_WARMUP = 2000;

    /** A loopback Redis Cluster for a bench's {@code --cluster}: three primaries, {@code replicas} (0 or 1) each; stopped when closed. */
    static EmbeddedRedisCluster startCluster(java.io.PrintStream err, String searchPath, EmbeddedRedis.Persistence persistence, int replicas) {
        Path server = EmbeddedRedis.executable("redis-server", searchPath).orElseThrow(() ->
                new SluiceCli.UsageException("--cluster needs redis-server (7.0 or later) on the PATH; install the redis-server package"));
        Path cli = EmbeddedRedis.executable("redis-cli", searchPath).orElseThrow(() ->
                new SluiceCli.UsageException("--cluster needs redis-cli on the PATH; install the redis-tools package"));
        err.println("sluice bench: starting a loopback Redis Cluster (3 primaries, " + 3 * replicas + " replicas; persistence: "
                + persistence.flag() + ")...");
        return EmbeddedRedisCluster.start(new EmbeddedRedisCluster.Options(server, cli, persistence, Duration.ofSeconds(5), replicas));
    }

    /** Before the first logger: without a configuration, Logback would print every DEBUG line of the servers. */
    static void quietLogging() {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "io/sluice/cli/logback-quiet.xml");
        }
    }

    /** {@code --queue}, shared by the benches that run the runtime. */
    static final class QueueOption {
        @Option(names = "--queue", paramLabel = "redis|sqs", defaultValue = "redis",
                description = "the task queue: the Redis queue (default) or SQS on an embedded ElasticMQ")
        String queue;

        LocalBackends.Queue queue() {
            return switch (queue) {
                case "redis" -> LocalBackends.Queue.REDIS;
                case "sqs" -> LocalBackends.Queue.SQS;
                default -> throw new SluiceCli.UsageException("--queue expects 'redis' or 'sqs', not '" + queue + "'");
            };
        }
    }

    @Command(name = "schedules", mixinStandardHelpOptions = true,
            description = "N schedules in the Redis schedule index: fire lag, bytes each, missed, doubled.")
    static final class Schedules implements Callable<Integer> {
        private final CliContext context;
        @Option(names = "--redis", paramLabel = "URL", defaultValue = "redis://127.0.0.1:6379", description = "the Redis (default ${DEFAULT-VALUE})")
        private String redis;
        @Option(names = "--count", paramLabel = "N", defaultValue = "100000", description = "schedules (default ${DEFAULT-VALUE})")
        private int count;
        @Option(names = "--spread", paramLabel = "S", defaultValue = "180", description = "seconds their first fires spread over (default ${DEFAULT-VALUE})")
        private int spread;
        @Option(names = "--tick-ms", paramLabel = "MS", defaultValue = "100", description = "how often the tickers look (default ${DEFAULT-VALUE})")
        private int tickMillis;
        @Option(names = "--tickers", paramLabel = "T", defaultValue = "4", description = "concurrent tickers (default ${DEFAULT-VALUE})")
        private int tickers;
        @Option(names = "--id-prefix", paramLabel = "P", defaultValue = "p", description = "schedule ids' prefix (default ${DEFAULT-VALUE})")
        private String idPrefix;
        @Option(names = "--json", description = "the figures as one JSON line") private boolean json;

        Schedules(CliContext context) {
            this.context = context;
        }

        @Override
        public Integer call() {
            for (int v : new int[] {count, spread, tickMillis, tickers}) {
                if (v < 1) {
                    throw new SluiceCli.UsageException("--count, --spread, --tick-ms and --tickers expect positive whole numbers");
                }
            }
            quietLogging();
            return SchedulesBench.run(new SchedulesBench.Options(redis, count, spread, tickMillis, tickers, idPrefix, json),
                    context.out(), context.err());
        }
    }

    /**
     * {@code sluice bench transitions}: the transitions bench on a local runtime over an embedded Redis
     * (queues in it, or with {@code --queue sqs} in an embedded ElasticMQ), started for the run and
     * stopped after it (no HTTP, no Spring).
     */
    @Command(name = "transitions", mixinStandardHelpOptions = true,
            description = "Durable transitions/s and dispatch latency on an embedded Redis (and ElasticMQ with --queue sqs).")
    static final class Transitions implements Callable<Integer> {
        private final PrintStream out;
        private final PrintStream err;
        private final String searchPath;
        @Option(names = "--executions", paramLabel = "N", defaultValue = "100", description = "counted executions (default ${DEFAULT-VALUE})")
        private int executions;
        @Option(names = "--tasks", paramLabel = "K", defaultValue = "10", description = "no-op tasks each (default ${DEFAULT-VALUE})")
        private int tasks;
        @Option(names = "--concurrency", paramLabel = "C", defaultValue = "20", description = "at most C in flight (default ${DEFAULT-VALUE})")
        private int concurrency;
        @Option(names = "--warmup", paramLabel = "W", defaultValue = "" + DEFAULT_TRANSITIONS_WARMUP,
                description = "uncounted executions first, for the JIT (default ${DEFAULT-VALUE})")
        private int warmup;
        @Mixin private QueueOption queueOption;
        @Option(names = "--durability", paramLabel = "none|aof-everysec|aof-always", defaultValue = "aof-everysec",
                description = "how the embedded Redis persists (default ${DEFAULT-VALUE}, as production runs; aof-always to compare with"
                        + " engines that fsync every write)")
        private String durability;
        @Option(names = "--redis", paramLabel = "URL", description = "a Redis of the bench's own instead of an embedded one (its"
                + " persistence is the server's; --durability does not apply): redis://host:port, or a Redis Cluster as"
                + " redis+cluster://host:port[,host:port...]. The bench's keys are deleted after the run.")
        private String redisUrl;
        @Option(names = "--cluster", description = "on a Redis Cluster the bench starts on loopback and stops after: three primaries"
                + " and three replicas, each persisting as --durability says (needs redis-server 7 or later and redis-cli on the PATH)")
        private boolean cluster;
        @Option(names = "--replica-acks", paramLabel = "N", defaultValue = "0", description = "with --cluster: every script write"
                + " waits until N replicas confirmed it (the URL's ?replica-acks=N; default ${DEFAULT-VALUE})")
        private int replicaAcks;
        @Option(names = "--replicas", paramLabel = "R", defaultValue = "1", description = "with --cluster: replicas of each primary, 1"
                + " or 0 (three primaries alone, as one node has no replica either; default ${DEFAULT-VALUE})")
        private int replicas;
        @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;
        @Option(names = "--metrics", paramLabel = "off|on|redis", defaultValue = "off",
                description = "the runtime's metrics into a Prometheus registry as serve has them, 'redis' also every Redis round trip"
                        + " timed (sluice.redis.calls, as serve has it; default ${DEFAULT-VALUE}): what they cost")
        private String metrics;

        Transitions(CliContext context) {
            this.out = context.out();
            this.err = context.err();
            this.searchPath = context.env().getOrDefault("PATH", "");
        }

        @Override
        public Integer call() throws InterruptedException {
            if (executions < 1 || tasks < 1 || concurrency < 1 || warmup < 0) {
                throw new SluiceCli.UsageException("--executions, --tasks and --concurrency expect whole numbers of at least 1, --warmup of at least 0");
            }
            if (!metrics.equals("off") && !metrics.equals("on") && !metrics.equals("redis")) {
                throw new SluiceCli.UsageException("--metrics expects 'off', 'on' or 'redis', not '" + metrics + "'");
            }
            quietLogging();
            TransitionsBench.Options options = new TransitionsBench.Options(executions, tasks, concurrency);
            // Uncounted executions first: the JIT compiles the runtime's hot path (Redisson, Netty, the engine) during them.
            // Measured here: 200-400 warm-up executions left the figure at a third of the warm one; 2,000 reach it.
            String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
            LocalBackends.Queue queue = queueOption.queue();
            EmbeddedRedis.Persistence persistence = EmbeddedRedis.Persistence.ofFlag(durability).orElseThrow(() ->
                    new SluiceCli.UsageException("--durability expects 'none', 'aof-everysec' or 'aof-always', not '" + durability + "'"));
            if (replicaAcks != 0 && (!cluster || replicaAcks < 0 || replicaAcks > 1)) {
                throw new SluiceCli.UsageException("--replica-acks goes with --cluster, whose primaries have one replica each: 0 or 1");
            }
            if (cluster && redisUrl != null) {
                throw new SluiceCli.UsageException("--cluster starts a Redis Cluster of the bench's own; it cannot be used with --redis");
            }
            boolean primariesAlone = cluster && replicas == 0 && replicaAcks == 0;
            if (replicas != 1 && !primariesAlone) {
                throw new SluiceCli.UsageException("--replicas goes with --cluster: 1, or 0 without --replica-acks");
            }
            try (EmbeddedRedisCluster started = cluster ? startCluster(err, searchPath, persistence, replicas) : null) {
                String url = started != null ? started.url() + (replicaAcks > 0 ? "?replica-acks=" + replicaAcks : "") : redisUrl;
                return run(cluster ? null : redisUrl, url, persistence, queue, run, options);
            }
        }

        /** @param given the URL of {@code --redis}, null when the bench started its Redis; {@code url} the Redis either way (null: embed one) */
        private int run(String given, String url, EmbeddedRedis.Persistence persistence, LocalBackends.Queue queue, String run,
                        TransitionsBench.Options options) throws InterruptedException {
            err.println(given != null ? "sluice bench: on the Redis given (--redis)" : url != null ? "sluice bench: on the loopback cluster"
                    : "sluice bench: starting an embedded Redis (persistence: " + persistence.flag() + ")"
                    + (queue == LocalBackends.Queue.SQS ? " and ElasticMQ..." : "..."));
            try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(queue, null, 0, "us-east-1", url, run, "redis-server",
                    searchPath, 5, null, persistence))) {
                err.println("sluice bench: queue: " + backends.queueDescription() + "; Redis: " + backends.redisDescription());
                QueueNames names = new QueueNames(run);
                TransitionsBench bench = new TransitionsBench();
                LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
                LocalRuntime.Settings settings = new LocalRuntime.Settings(names, d.visibility(), d.lease(), d.concurrency(), d.tickEvery(),
                        d.outboxGrace(), Boundary.Probe.NONE);
                TransitionsBench.Figures figures;
                RedisTraffic traffic;
                try (LocalRuntime runtime = new LocalRuntime(backends.ports(), bench.functions(), bench.functionNames(), settings,
                        Clock.systemUTC())) {
                    io.micrometer.prometheusmetrics.PrometheusMeterRegistry registry = null;
                    if (!metrics.equals("off")) {
                        registry = new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT);
                        runtime.recordMetrics(registry, io.sluice.functions.tenancy.Tenancy.SINGLE);
                        if (metrics.equals("redis")) {
                            io.sluice.redis.RedisAdapters.meterCalls(backends.redisson(), registry);
                        }
                    }
                    TransitionsBench.Completions completions = completions(backends.ports().queue(), names.events());
                    if (warmup > 0) {
                        err.println("sluice bench: " + warmup + " warm-up executions (not counted)...");
                        bench.run(runtime, completions, new TransitionsBench.Options(warmup, options.tasks(), options.concurrency()));
                    }
                    RedisTraffic before = RedisTraffic.of(backends.redisson());
                    figures = bench.run(runtime, completions, options);
                    traffic = RedisTraffic.of(backends.redisson()).since(before);
                    if (registry != null) {
                        err.println("sluice bench: metrics on: " + registry.getMeters().size() + " meters, a scrape of "
                                + registry.scrape().length() + " characters");
                    }
                } finally {
                    if (given != null) {
                        RedisMemory.deleteKeys(backends.redisson(), run);
                    }
                }
                print(figures, traffic, json);
                return figures.failed() == 0 ? 0 : 1;
            }
        }

        /** @param traffic what the Redis served during the counted run (every Redis operation of the runtime and the bench's event reader) */
        private void print(TransitionsBench.Figures f, RedisTraffic traffic, boolean json) {
            out.printf(Locale.ROOT, "%d executions x %d tasks, at most %d in flight: %d transitions in %.2f s%n",
                    f.executions(), f.tasks(), f.concurrency(), f.transitions(), f.seconds());
            out.printf(Locale.ROOT, "throughput: %.0f transitions/s%n", f.transitionsPerSecond());
            out.printf(Locale.ROOT, "dispatch latency (task result -> next task invoked): p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, p99.9 %.1f ms%n",
                    f.dispatchP50Ms(), f.dispatchP90Ms(), f.dispatchP99Ms(), f.dispatchP999Ms());
            double commands = traffic.commands() / (double) f.transitions();
            double roundTrips = traffic.roundTrips() / (double) f.transitions();
            out.printf(Locale.ROOT, "Redis per transition: %.1f commands, %.1f round trips%s%n", commands, roundTrips,
                    queueOption.queue() == LocalBackends.Queue.SQS ? " (the queues are in ElasticMQ)" : " (queues included)");
            out.println("Redis calls per transition, scripts' own included: " + traffic.busiest(12, f.transitions()));
            double redisCpu = traffic.cpuMicros() / (double) f.transitions();
            out.printf(Locale.ROOT, "CPU per transition: %.0f µs in this JVM (runtime, functions and bench), %.0f µs in Redis; %d cores%n",
                    f.jvmCpuUsPerTransition(), redisCpu, Runtime.getRuntime().availableProcessors());
            out.printf(Locale.ROOT, "heap allocated per transition in this JVM: %.1f KB%n", f.jvmAllocatedPerTransition() / 1000);
            if (traffic.commandsByPrimary().size() > 1) {
                out.println("Redis commands by primary: " + traffic.shares());
            }
            out.println(f.failed() == 0 ? "every execution succeeded" : f.failed() + " execution(s) did not succeed");
            if (json) {
                ObjectNode line = (ObjectNode) Json.parse(f.json());
                line.put("redis_commands_per_transition", Math.round(commands * 100) / 100.0)
                        .put("redis_round_trips_per_transition", Math.round(roundTrips * 100) / 100.0)
                        .put("redis_cpu_us_per_transition", Math.round(redisCpu));
                out.println(Json.write(line));
            }
        }
    }

    /** Finished executions from the events queue, each counted once however often its event arrives. */
    static TransitionsBench.Completions completions(TaskQueue queue, String events) {
        Set<String> seen = new HashSet<>();
        return () -> {
            List<String> statuses = new ArrayList<>();
            List<TaskQueue.ReceivedMessage> got = queue.receive(events, 10, Duration.ofSeconds(30), Duration.ofSeconds(1));
            for (TaskQueue.ReceivedMessage m : got) {
                if (seen.add(m.attributes().getOrDefault("executionId", m.messageId()))) {
                    statuses.add(m.attributes().getOrDefault("status", "UNKNOWN"));
                }
            }
            acknowledgeTogether(queue, events, got);
            return statuses;
        };
    }

    /**
     * Acknowledges {@code messages} at once, each on a virtual thread: one after the other, the reader of finished
     * executions waited for one write each (an fsync each with {@code aof-always}), fell behind the runtime (the events
     * queue ~2,000 deep, the runtime's queues shallow) and held back the starts it paces by the executions in flight.
     */
    private static void acknowledgeTogether(TaskQueue queue, String name, List<TaskQueue.ReceivedMessage> messages) {
        List<java.util.concurrent.Future<?>> acks = new ArrayList<>(messages.size());
        try (java.util.concurrent.ExecutorService each = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (TaskQueue.ReceivedMessage m : messages) {
                acks.add(each.submit(() -> queue.acknowledge(name, m.receipt())));
            }
            for (java.util.concurrent.Future<?> ack : acks) {
                ack.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("acknowledging a finished execution's event failed", e.getCause());
        }
    }
}
