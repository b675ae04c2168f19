package io.sluice.cli;

import io.sluice.cli.bench.HibernateBench;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.runtime.LocalRuntime;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench hibernate [--executions N] [--json]}: {@link HibernateBench} on a local runtime over an embedded
 * Redis with its default persistence (AOF, fsync every second), executions sleeping in a temporary folder store removed
 * afterwards. Exit 1 when a woken execution was lost or ran its next task twice.
 */
@Command(name = "hibernate", mixinStandardHelpOptions = true,
        description = "Redis and object-store bytes per waiting execution, and the latency of waking them.")
final class HibernateBenchCommand implements Callable<Integer> {
    @Option(names = "--executions", paramLabel = "N", defaultValue = "10000", description = "executions (default ${DEFAULT-VALUE})")
    private int executions;
    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "16", description = "starts in flight (default ${DEFAULT-VALUE})")
    private int concurrency;
    @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;

    private final PrintStream out;
    private final PrintStream err;
    private final String searchPath;

    HibernateBenchCommand(CliContext context) {
        this.out = context.out();
        this.err = context.err();
        this.searchPath = context.env().getOrDefault("PATH", "");
    }

    @Override
    public Integer call() throws InterruptedException {
        if (executions < 12 || concurrency < 1) {
            throw new SluiceCli.UsageException("--executions expects a whole number of at least 12 (a callback, a timer and a burst timer"
                    + " to wake), --concurrency at least 1");
        }
        BenchCommand.quietLogging();
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        Path dir = temporaryFolder();
        err.println("sluice bench: starting an embedded Redis (persistence: aof-everysec)...");
        FolderObjectStore objects = new FolderObjectStore(dir);
        try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, 0, "us-east-1", null,
                run, "redis-server", searchPath, 5, null, EmbeddedRedis.Persistence.AOF_EVERYSEC)).sleepingIn(objects)) {
            HibernateBench bench = new HibernateBench();
            HibernateBench.MovableClock clock = new HibernateBench.MovableClock();
            LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
            LocalRuntime.Settings settings = new LocalRuntime.Settings(new QueueNames(run), d.visibility(), d.lease(), d.concurrency(),
                    d.tickEvery(), d.outboxGrace(), d.probe(), d.retention());
            TaskFunctions functions = name -> Optional.ofNullable(bench.functions().get(name));
            HibernateBench.Figures f;
            try (LocalRuntime runtime = new LocalRuntime(backends.ports(), functions, bench.functions().keySet(), settings, clock)) {
                err.println("sluice bench: " + executions + " waiting executions...");
                f = bench.run(runtime, clock, new io.sluice.redis.RedisExecutionStore(backends.redisson(), run), objects, backends.redisson(), run, executions, concurrency, err);
            }
            print(f);
            return f.lost() == 0 && f.doubled() == 0 ? 0 : 1;
        } finally {
            delete(dir);
        }
    }

    private void print(HibernateBench.Figures f) {
        out.printf(Locale.ROOT, "%d waiting executions started in %.1f s; %d of %d looked at asleep%n", f.executions(), f.startSeconds(),
                f.asleep(), f.checked());
        out.printf(Locale.ROOT, "Redis %.0f B per waiting execution (INFO used_memory), the object store %.0f B per execution%n",
                f.redisBytesPerWaiting(), f.objectBytesPerExecution());
        if (!f.redisByFamily().isEmpty()) {
            out.println("Redis by key family (MEMORY USAGE, bytes): " + f.redisByFamily());
        }
        out.printf(Locale.ROOT, "woke %d: p50 %.1f ms, p99 %.1f ms (callbacks p99 %.1f ms, timers at their instants p99 %.1f ms)%n",
                f.woken(), f.wakeP50Ms(), f.wakeP99Ms(), f.callbackP99Ms(), f.timerP99Ms());
        out.printf(Locale.ROOT, "burst: %d timers due at one instant woke at %.0f a second, p99 %.1f ms; lost %d, doubled %d%n",
                f.burstTimers(), f.burstWakesPerSecond(), f.burstP99Ms(), f.lost(), f.doubled());
        if (json) {
            out.println(f.json());
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("sluice-hibernate-bench");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the object store's temporary folder", e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary folder is harmless
        }
    }
}
