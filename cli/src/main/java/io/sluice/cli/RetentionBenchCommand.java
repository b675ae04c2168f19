package io.sluice.cli;

import io.sluice.cli.bench.RetentionBench;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.retention.Retention;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.runtime.LocalRuntime;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench retention [--executions N] [--retention SECONDS] [--name-reuse SECONDS] [--json]}: the
 * retention soak ({@link RetentionBench}) on a local runtime over an embedded Redis with its default
 * persistence (AOF, fsync every second), the archive in a temporary folder removed afterwards.
 * Exit 1 when any execution could not be read back.
 */
@Command(name = "retention", mixinStandardHelpOptions = true,
        description = "Redis memory under a soak of finished executions leaving for the archive, and every one read back.")
final class RetentionBenchCommand implements Callable<Integer> {
    @Option(names = "--executions", paramLabel = "N", defaultValue = "200000", description = "executions (default ${DEFAULT-VALUE})")
    private int executions;
    @Option(names = "--retention", paramLabel = "SECONDS", defaultValue = "5",
            description = "how long a finished execution stays in Redis (default ${DEFAULT-VALUE})")
    private int retention;
    @Option(names = "--name-reuse", paramLabel = "SECONDS", defaultValue = "10",
            description = "how long a name stays taken, so the retired records' cost shows and then goes (default ${DEFAULT-VALUE};"
                    + " production's default is 90 days)")
    private int nameReuse;
    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "32", description = "at most C in flight (default ${DEFAULT-VALUE})")
    private int concurrency;
    @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;

    private final PrintStream out;
    private final PrintStream err;
    private final String searchPath;

    RetentionBenchCommand(CliContext context) {
        this.out = context.out();
        this.err = context.err();
        this.searchPath = context.env().getOrDefault("PATH", "");
    }

    @Override
    public Integer call() throws InterruptedException {
        if (executions < 1 || retention < 0 || nameReuse < 0 || concurrency < 1) {
            throw new SluiceCli.UsageException("--executions and --concurrency expect whole numbers of at least 1, --retention and"
                    + " --name-reuse seconds of at least 0");
        }
        BenchCommand.quietLogging();
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        Path archiveDir = temporaryFolder();
        Retention policy = Retention.of(Duration.ofSeconds(retention)).withNameReuse(Duration.ofSeconds(nameReuse));
        err.println("sluice bench: starting an embedded Redis (persistence: aof-everysec)...");
        try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, 0, "us-east-1", null,
                run, "redis-server", searchPath, 5, null, EmbeddedRedis.Persistence.AOF_EVERYSEC))
                .sleepingIn(new FolderObjectStore(archiveDir))) { // as the local host: long history lines in its object store
            QueueNames names = new QueueNames(run);
            RetentionBench bench = new RetentionBench();
            LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
            LocalRuntime.Settings settings = new LocalRuntime.Settings(names, d.visibility(), d.lease(), d.concurrency(), d.tickEvery(),
                    d.outboxGrace(), Boundary.Probe.NONE, policy);
            RetentionBench.Figures f;
            try (LocalRuntime runtime = new LocalRuntime(backends.ports(), bench.noop().functions(), bench.noop().functionNames(), settings,
                    Clock.systemUTC())) {
                err.println("sluice bench: " + executions + " executions, retention " + retention + " s...");
                f = bench.run(runtime, BenchCommand.completions(backends.ports().queue(), names.events()), backends.ports().executions(),
                        new FolderObjectStore(archiveDir), backends.redisson(), run, new RetentionBench.Options(executions,
                                Duration.ofSeconds(retention), Duration.ofSeconds(nameReuse), concurrency), policy);
            }
            print(f);
            int historyObjects = new FolderObjectStore(archiveDir).list(io.sluice.orchestration.port.HistoryObjects.PREFIX, null, Integer.MAX_VALUE).size();
            out.println("history objects left in the object store: " + historyObjects);
            return f.lost() == 0 && historyObjects == 0 ? 0 : 1;
        } finally {
            delete(archiveDir);
        }
    }

    private void print(RetentionBench.Figures f) {
        out.printf(Locale.ROOT, "%d one-task executions in %.1f s; a finished execution holds %d B of Redis, its retired record %d B%n",
                f.executions(), f.seconds(), f.bytesPerFinished(), f.bytesPerRetired());
        out.printf(Locale.ROOT, "Redis used_memory: %d B before the soak, %d B at its peak, %d B at the end (%+d B)%n",
                f.baseline(), f.peak(), f.end(), f.end() - f.baseline());
        out.printf(Locale.ROOT, "archived %d; readable from the archive %d, from Redis %d, lost %d; reaping cost %.1f us per expired execution%n",
                f.archived(), f.readableFromArchive(), f.readableFromRedis(), f.lost(), f.reapMicrosPerExecution());
        out.println("left in Redis by key family (bytes): " + f.leftByFamily());
        if (json) {
            out.println(f.json());
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("sluice-retention-bench");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the archive's temporary folder", e);
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
