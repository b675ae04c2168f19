package io.sluice.local.cli;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.local.bench.TransitionsBench;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.TaskQueue;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * {@code sluice bench transitions}: the transitions bench on a local runtime over an embedded Redis
 * (queues in it, or with {@code --queue sqs} in an embedded ElasticMQ), started for the run and
 * stopped after it (no HTTP, no Spring).
 * {@code sluice bench starts} is {@link StartsBenchCommand}.
 */
final class BenchCommand {
    /** Warm-up executions of {@code bench transitions} unless {@code --warmup} says otherwise. */
    static final int DEFAULT_TRANSITIONS_WARMUP = 2000;
    private final PrintStream out;
    private final PrintStream err;
    private final String searchPath;

    BenchCommand(PrintStream out, PrintStream err, String searchPath) {
        this.out = out;
        this.err = err;
        this.searchPath = searchPath;
    }

    int run(String[] args) throws InterruptedException {
        // Before the first logger: without a configuration, Logback would print every DEBUG line of the servers.
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "io/sluice/local/cli/logback-quiet.xml");
        }
        if (args.length > 0 && args[0].equals("schedules")) {
            return io.sluice.local.bench.SchedulesBench.run(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (args.length > 0 && args[0].equals("starts")) {
            return new StartsBenchCommand(out, err).run(args);
        }
        Flags f = Flags.parse(args, Set.of("--executions", "--tasks", "--concurrency", "--warmup", "--queue", "--durability"), Set.of("--json"));
        if (f.positional().size() != 1 || !f.positional().getFirst().equals("transitions")) {
            throw new SluiceCli.UsageException("benches are 'transitions', 'schedules' and 'starts': sluice bench transitions [--executions N] "
                    + "[--tasks K] [--concurrency C] [--warmup W] [--queue redis|sqs] [--durability none|aof-everysec|aof-always] [--json], sluice bench schedules [--count N] [--json], " + StartsBenchCommand.USAGE);
        }
        TransitionsBench.Options options = new TransitionsBench.Options(f.number("--executions", 100, 1), f.number("--tasks", 10, 1),
                f.number("--concurrency", 20, 1));
        // Uncounted executions first: the JIT compiles the runtime's hot path (Redisson, Netty, the engine) during them.
        // Measured here: 200-400 warm-up executions left the figure at a third of the warm one; 2,000 reach it.
        int warmup = f.number("--warmup", DEFAULT_TRANSITIONS_WARMUP, 0);
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        LocalBackends.Queue queue = queueOf(f);
        EmbeddedRedis.Persistence durability = durabilityOf(f);
        err.println("sluice bench: starting an embedded Redis (persistence: " + durability.flag() + ")"
                + (queue == LocalBackends.Queue.SQS ? " and ElasticMQ..." : "..."));
        try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(queue, null, 0, "us-east-1", null, run, "redis-server",
                searchPath, 5, durability))) {
            err.println("sluice bench: queue: " + backends.queueDescription() + "; Redis: " + backends.redisDescription());
            QueueNames names = new QueueNames(run);
            TransitionsBench bench = new TransitionsBench();
            LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
            LocalRuntime.Settings settings = new LocalRuntime.Settings(names, d.visibility(), d.lease(), d.concurrency(), d.tickEvery(),
                    d.outboxGrace(), Boundary.Probe.NONE);
            TransitionsBench.Figures figures;
            try (LocalRuntime runtime = new LocalRuntime(backends.ports(), bench.functions(), bench.functionNames(), settings,
                    Clock.systemUTC())) {
                TransitionsBench.Completions completions = completions(backends.ports().queue(), names.events());
                if (warmup > 0) {
                    err.println("sluice bench: " + warmup + " warm-up executions (not counted)...");
                    bench.run(runtime, completions, new TransitionsBench.Options(warmup, options.tasks(), options.concurrency()));
                }
                figures = bench.run(runtime, completions, options);
            }
            print(figures, f.has("--json"));
            return figures.failed() == 0 ? 0 : 1;
        }
    }

    /**
     * {@code --durability}: how the embedded Redis persists; {@code aof-everysec} by default, since that is
     * what production runs ({@code none} for a memory-only figure, {@code aof-always} to compare with engines that fsync every write).
     */
    static EmbeddedRedis.Persistence durabilityOf(Flags f) {
        String v = f.value("--durability");
        if (v == null) {
            return EmbeddedRedis.Persistence.AOF_EVERYSEC;
        }
        return EmbeddedRedis.Persistence.ofFlag(v).orElseThrow(() ->
                new SluiceCli.UsageException("--durability expects 'none', 'aof-everysec' or 'aof-always', not '" + v + "'"));
    }

    /** {@code --queue redis} (the default) or {@code --queue sqs}. */
    static LocalBackends.Queue queueOf(Flags f) {
        String v = f.value("--queue");
        if (v == null || v.equals("redis")) {
            return LocalBackends.Queue.REDIS;
        }
        if (v.equals("sqs")) {
            return LocalBackends.Queue.SQS;
        }
        throw new SluiceCli.UsageException("--queue expects 'redis' or 'sqs', not '" + v + "'");
    }

    /** Finished executions from the events queue, each counted once however often its event arrives. */
    private static TransitionsBench.Completions completions(TaskQueue queue, String events) {
        Set<String> seen = new HashSet<>();
        return () -> {
            List<String> statuses = new ArrayList<>();
            for (TaskQueue.ReceivedMessage m : queue.receive(events, 10, Duration.ofSeconds(30), Duration.ofSeconds(1))) {
                if (seen.add(m.attributes().getOrDefault("executionId", m.messageId()))) {
                    statuses.add(m.attributes().getOrDefault("status", "UNKNOWN"));
                }
                queue.acknowledge(events, m.receipt());
            }
            return statuses;
        };
    }

    private void print(TransitionsBench.Figures f, boolean json) {
        out.printf(Locale.ROOT, "%d executions x %d tasks, at most %d in flight: %d transitions in %.2f s%n",
                f.executions(), f.tasks(), f.concurrency(), f.transitions(), f.seconds());
        out.printf(Locale.ROOT, "throughput: %.0f transitions/s%n", f.transitionsPerSecond());
        out.printf(Locale.ROOT, "dispatch latency (task result -> next task invoked): p50 %.1f ms, p99 %.1f ms%n",
                f.dispatchP50Ms(), f.dispatchP99Ms());
        out.println(f.failed() == 0 ? "every execution succeeded" : f.failed() + " execution(s) did not succeed");
        if (json) {
            out.println(f.json());
        }
    }
}
