package io.sluice.local.cli;

import io.sluice.local.bench.StartsBench;
import io.sluice.local.embedded.LocalBackends;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;

/**
 * {@code sluice bench starts [--rate R] [--count N] [--warmup W] [--queue redis|sqs] [--json]}: start
 * latency through the HTTP API on a local app over an embedded Redis (queues in it, or with
 * {@code --queue sqs} in an embedded ElasticMQ) ({@link StartsBench}). Exit 1 when any start failed.
 */
final class StartsBenchCommand {
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

    int run(String[] args) throws InterruptedException {
        Flags f = Flags.parse(args, Set.of("--rate", "--count", "--warmup", "--queue"), Set.of("--json"));
        if (f.positional().size() != 1) {
            throw new SluiceCli.UsageException("unexpected argument " + f.positional().subList(1, f.positional().size()) + ": " + USAGE);
        }
        int rate = f.number("--rate", 200, 1);
        int count = f.number("--count", 3000, 1);
        LocalBackends.Queue queue = BenchCommand.queueOf(f);
        StartsBench.Options options = new StartsBench.Options(rate, count, f.number("--warmup", rate * WARMUP_SECONDS, 0), queue);
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
        if (f.has("--json")) {
            out.println(figures.json());
        }
        return figures.failed() == 0 ? 0 : 1;
    }
}
