package io.sluice.cli;

import io.sluice.cli.bench.StartsBench;
import io.sluice.local.embedded.LocalBackends;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench starts [--rate R] [--count N] [--warmup W] [--queue redis|sqs] [--json]}: start
 * latency through the HTTP API on a local app over an embedded Redis (queues in it, or with
 * {@code --queue sqs} in an embedded ElasticMQ) ({@link StartsBench}). Exit 1 when any start failed.
 */
@Command(name = "starts", mixinStandardHelpOptions = true,
        description = "Start latency through the HTTP API, open-loop at a fixed rate, on the local app over an embedded Redis.")
final class StartsBenchCommand implements Callable<Integer> {
    @Option(names = "--rate", paramLabel = "R", defaultValue = "200", description = "starts per second (default ${DEFAULT-VALUE})")
    private int rate;
    @Option(names = "--count", paramLabel = "N", defaultValue = "3000", description = "counted starts (default ${DEFAULT-VALUE})")
    private int count;
    @Option(names = "--warmup", paramLabel = "W", description = "uncounted starts first (default: a minute's worth at the rate)")
    private Integer warmup;
    @CommandLine.Mixin private BenchCommand.QueueOption queueOption;
    @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;

    /**
     * Seconds of uncounted starts at the bench's rate unless {@code --warmup} says otherwise: C2 compiles the
     * HTTP, Redisson and runtime code for about a minute; with 5 s of warm-up the figure was the JIT's (p99
     * 0.4-6 s at 200/s), with 60 s it is the runtime's (p99 9-20 ms). See bench/README.md.
     */
    static final int WARMUP_SECONDS = 60;
    static final String USAGE = "sluice bench starts [--rate R] [--count N] [--warmup W] [--queue redis|sqs] [--json]";
    private final PrintStream out;
    private final PrintStream err;

    StartsBenchCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    StartsBenchCommand(CliContext context) {
        this(context.out(), context.err());
    }

    @Override
    public Integer call() throws InterruptedException {
        if (rate < 1 || count < 1 || warmup != null && warmup < 0) {
            throw new SluiceCli.UsageException("--rate and --count expect whole numbers of at least 1, --warmup of at least 0: " + USAGE);
        }
        BenchCommand.quietLogging();
        LocalBackends.Queue queue = queueOption.queue();
        StartsBench.Options options = new StartsBench.Options(rate, count, warmup != null ? warmup : rate * WARMUP_SECONDS, queue);
        err.println("sluice bench: starting the local app on an embedded Redis" + (queue == LocalBackends.Queue.SQS ? " and ElasticMQ..." : "..."));
        StartsBench.Figures figures = new StartsBench().run(options, err);
        out.printf(Locale.ROOT, "%d starts at %.0f/s through POST /v1/pipelines/%s/executions (after %d warm-up starts)%n",
                figures.count(), figures.rate(), StartsBench.PIPELINE, figures.warmup());
        out.printf(Locale.ROOT, "start latency (planned send -> first task invoked): p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n",
                figures.startP50Ms(), figures.startP90Ms(), figures.startP99Ms(), figures.startMaxMs());
        out.printf(Locale.ROOT, "publish latency (planned send -> 201 answered): p50 %.1f ms, p99 %.1f ms%n",
                figures.publishP50Ms(), figures.publishP99Ms());
        out.printf(Locale.ROOT, "CPU of this process (app, embedded ElasticMQ if any, bench client; not Redis): %.1f ms per start%n",
                figures.cpuMsPerStart());
        out.println(figures.failed() == 0 ? "every start succeeded" : figures.failed() + " start(s) failed");
        if (json) {
            out.println(figures.json());
        }
        return figures.failed() == 0 ? 0 : 1;
    }
}
