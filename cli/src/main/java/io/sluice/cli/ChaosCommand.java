package io.sluice.cli;

import io.sluice.cli.chaos.ChaosDrill;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice chaos [--executions N] [--duration S] [--seed K] [--appendfsync everysec|always] [--cluster] [--json] [--example DIR]}: the
 * failure drill ({@link ChaosDrill}), synthetic definitions and the retail example's pattern pipelines. Progress goes to stderr; the last line of stdout is the report as JSON with
 * {@code --json}. Exit 0 when nothing was lost or doubled and the dead-letter queues hold exactly the planted
 * poison; 1 otherwise (replay with the same {@code --seed}: the plan is the same).
 */
@Command(name = "chaos", mixinStandardHelpOptions = true,
        description = "Failure drill: SIGKILLs processes and Redis, duplicates results, plants poison; checks nothing is lost or doubled.")
final class ChaosCommand implements Callable<Integer> {
    @Option(names = "--executions", paramLabel = "N", defaultValue = "40", description = "executions to start (default ${DEFAULT-VALUE})")
    private int executions;
    @Option(names = "--duration", paramLabel = "S", defaultValue = "60", description = "seconds of faults (default ${DEFAULT-VALUE})")
    private int duration;
    @Option(names = "--seed", paramLabel = "K", description = "the plan's seed (default: drawn, and printed)")
    private Long seed;
    @Option(names = "--appendfsync", paramLabel = "everysec|always", defaultValue = "everysec",
            description = "Redis's AOF fsync policy (default ${DEFAULT-VALUE})")
    private String appendfsync;
    @Option(names = "--settle", paramLabel = "S", defaultValue = "180",
            description = "seconds to wait after the faults for every execution to finish (default ${DEFAULT-VALUE})")
    private int settle;
    @Option(names = "--json", description = "the report as one JSON line, last") private boolean json;
    @Option(names = "--cluster", description = "Redis as a loopback Redis Cluster (3 primaries, 3 replicas, replica-acks 1); its fault is a primary's failover")
    private boolean cluster;
    @Option(names = "--example", paramLabel = "DIR", description = "the retail example, whose pipelines the drill runs too (default the checkout's examples/retail)")
    private String exampleDir;

    private final PrintStream out;
    private final PrintStream err;

    ChaosCommand(CliContext context) {
        this.out = context.out();
        this.err = context.err();
    }

    @Override
    public Integer call() throws Exception {
        if (executions < 1 || duration < 10 || settle < 1 || !(appendfsync.equals("everysec") || appendfsync.equals("always"))) {
            throw new SluiceCli.UsageException("--executions expects at least 1, --duration at least 10 seconds, --settle at least 1,"
                    + " --appendfsync everysec or always");
        }
        BenchCommand.quietLogging();
        long k = seed != null ? seed : System.nanoTime() & 0xffffffffL;
        Path example = exampleDir != null ? Path.of(exampleDir) : Path.of(System.getProperty("sluice.home", ".")).resolve("examples/retail");
        if (!Files.isDirectory(example.resolve("pipelines")) || !Files.isDirectory(example.resolve("jobs"))) {
            throw new SluiceCli.UsageException("no retail example at " + example.toAbsolutePath().normalize()
                    + " (it has pipelines/ and jobs/); run ./sluice chaos from the Sluice folder, or give --example DIR");
        }
        var report = ChaosDrill.run(new ChaosDrill.Settings(executions, Duration.ofSeconds(duration), k, appendfsync,
                Duration.ofSeconds(settle), err, example.toAbsolutePath().normalize(), cluster));
        out.printf("executions %d (%d of the retail pipelines), finished %d (%d), exported %d, downstream runs %d/%d, object runs %d/%d, lost %d, "
                        + "doubled effects %d; %d kills, %d Redis restarts, %d warehouse pauses, %d redeliveries, %d cut short, "
                        + "%d duplicated results, %d callbacks; poison %d planted, %d taken by the dlq-handler, %d alerted; %d sleeps in the object "
                        + "store, %d orphan objects swept, %d left; seed %d (%s)%n",
                report.executions(), report.retail(), report.finished(), report.retailFinished(), report.exported(), report.downstreamFinished(),
                report.downstream(), report.objectRuns(), report.objects(), report.lost(), report.doubledEffects(), report.kills(),
                report.redisRestarts(), report.warehousePauses(), report.redeliveries(), report.earlyVisibility(), report.duplicatedResults(),
                report.callbacks(), report.poisonPlanted(), report.poisonDlq(), report.poisonAlerts(), report.sleeps(), report.orphansSwept(),
                report.sleepObjectsLeft(), k, report.passed() ? "passed" : "FAILED");
        if (json) {
            out.println(report.json());
        }
        return report.passed() ? 0 : 1;
    }
}
