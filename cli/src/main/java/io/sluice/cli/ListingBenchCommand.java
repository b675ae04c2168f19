package io.sluice.cli;

import io.sluice.cli.bench.ListingBench;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.EmbeddedRedisCluster;
import io.sluice.local.embedded.LocalBackends;
import java.io.PrintStream;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench listing [--executions N] [--page ROWS] [--samples S] [--cluster] [--json]}: the list-page latency
 * bench ({@link ListingBench}) on the Redis execution store, over an embedded Redis (aof-everysec) or, with
 * {@code --cluster}, a loopback Redis Cluster, started for the run and stopped after it.
 */
@Command(name = "listing", mixinStandardHelpOptions = true,
        description = "Latency of one page of the executions list, first and deep, with N executions stored.")
final class ListingBenchCommand implements Callable<Integer> {
    @Option(names = "--executions", paramLabel = "N", defaultValue = "100000", description = "executions stored (default ${DEFAULT-VALUE})")
    private int executions;
    @Option(names = "--page", paramLabel = "ROWS", defaultValue = "100", description = "rows a page (default ${DEFAULT-VALUE})")
    private int page;
    @Option(names = "--samples", paramLabel = "S", defaultValue = "200", description = "reads of each page timed (default ${DEFAULT-VALUE})")
    private int samples;
    @Option(names = "--cluster", description = "on a loopback Redis Cluster (3 primaries, 3 replicas) instead of one Redis")
    private boolean cluster;
    @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;

    private final PrintStream out;
    private final PrintStream err;
    private final String searchPath;

    ListingBenchCommand(CliContext context) {
        this.out = context.out();
        this.err = context.err();
        this.searchPath = context.env().getOrDefault("PATH", "");
    }

    @Override
    public Integer call() throws InterruptedException {
        if (executions < 10 || page < 1 || page > 1000 || samples < 1) {
            throw new SluiceCli.UsageException("--executions expects at least 10, --page 1 to 1000 rows, --samples at least 1");
        }
        BenchCommand.quietLogging();
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        EmbeddedRedis.Persistence persistence = EmbeddedRedis.Persistence.AOF_EVERYSEC;
        try (EmbeddedRedisCluster started = cluster ? BenchCommand.startCluster(err, searchPath, persistence, 1) : null) {
            if (started == null) {
                err.println("sluice bench: starting an embedded Redis (persistence: " + persistence.flag() + ")...");
            }
            try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, 0, "us-east-1",
                    started == null ? null : started.url(), run, "redis-server", searchPath, 5, null, persistence))) {
                err.println("sluice bench: Redis: " + backends.redisDescription() + "; storing " + executions + " executions...");
                ListingBench.Figures f = new ListingBench().run(backends.ports().executions(), run,
                        new ListingBench.Options(executions, page, samples));
                out.printf(Locale.ROOT, "%d executions stored in %.1f s (16 writers, one commit each)%n", f.executions(), f.fillSeconds());
                for (ListingBench.Timing t : f.timings()) {
                    out.printf(Locale.ROOT, "%-60s %5d rows: p50 %8.2f ms, p99 %8.2f ms (%d reads)%n", t.what(), t.rows(), t.p50Ms(), t.p99Ms(),
                            t.samples());
                }
                if (json) {
                    out.println(f.json());
                }
                return 0;
            }
        }
    }
}
