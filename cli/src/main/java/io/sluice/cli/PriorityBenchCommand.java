package io.sluice.cli;

import io.sluice.runtime.RuntimePorts;
import io.sluice.cli.bench.PriorityBench;
import io.sluice.cli.bench.StageTrace;
import io.sluice.cli.bench.Stalls;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.functions.channel.ChannelLimits;
import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.redis.RedisConcurrencyLimiter;
import io.sluice.redis.RedisTokenBucket;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench priority}: P0 start-to-first-task latency unloaded and behind a P3 backlog
 * ({@link PriorityBench}), on a local runtime over an embedded Redis with the default channel limits.
 */
@Command(name = "priority", mixinStandardHelpOptions = true,
        description = "P0 start -> first task p50/p99, unloaded and behind a P3 backlog, on an embedded Redis.")
final class PriorityBenchCommand implements Callable<Integer> {
    @Option(names = "--samples", paramLabel = "N", defaultValue = "300", description = "P0 starts measured per phase (default ${DEFAULT-VALUE})")
    private int samples;
    @Option(names = "--spacing-ms", paramLabel = "MS", defaultValue = "10", description = "between two P0 starts (default ${DEFAULT-VALUE})")
    private int spacing;
    @Option(names = "--backlog", paramLabel = "B", defaultValue = "10000", description = "P3 tasks waiting (default ${DEFAULT-VALUE})")
    private int backlog;
    @Option(names = "--p3-task-ms", paramLabel = "MS", defaultValue = "1000", description = "how long each P3 task works (default ${DEFAULT-VALUE})")
    private int p3TaskMillis;
    @Option(names = "--warmup", paramLabel = "W", defaultValue = "2000", description = "uncounted P0 starts first (default ${DEFAULT-VALUE})")
    private int warmup;
    @Option(names = "--persistence", paramLabel = "P", defaultValue = "aof-everysec",
            description = "the embedded Redis's: none, aof-everysec or aof-always (default ${DEFAULT-VALUE})")
    private String persistence;
    @Option(names = "--p3-rate", paramLabel = "R/B", description = "a start rate for the P3 channel: R a second, bursts of B (default none)")
    private String p3Rate;
    @Option(names = "--no-refill-pacing", description = "refill a freed P3 slot at once instead of spreading the P3 starts (sluice.channels.refill-pacing=false)")
    private boolean noPacing;
    @Option(names = "--stages", description = "also print each stage's p50/p99 and the slowest loaded samples' poller calls (stderr)")
    private boolean stages;
    @Option(names = "--json", description = "the figures also as one JSON line, last") private boolean json;
    private final PrintStream out;
    private final PrintStream err;
    private final String searchPath;

    PriorityBenchCommand(CliContext context) {
        this.out = context.out();
        this.err = context.err();
        this.searchPath = context.env().getOrDefault("PATH", "");
    }

    @Override
    public Integer call() throws InterruptedException {
        if (samples < 1 || spacing < 0 || backlog < 0 || p3TaskMillis < 0 || warmup < 0) {
            throw new SluiceCli.UsageException("--samples expects at least 1; --spacing-ms, --backlog, --p3-task-ms and --warmup at least 0");
        }
        RateLimiter.Limit rate = p3Rate == null ? null : rate(p3Rate);
        EmbeddedRedis.Persistence redisPersistence = EmbeddedRedis.Persistence.ofFlag(persistence).orElseThrow(
                () -> new SluiceCli.UsageException("--persistence expects none, aof-everysec or aof-always; got '" + persistence + "'"));
        BenchCommand.quietLogging();
        String run = "bench-" + UUID.randomUUID().toString().substring(0, 8);
        err.println("sluice bench: starting an embedded Redis...");
        try (LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, 0, "us-east-1", null, run,
                "redis-server", searchPath, 5, null, redisPersistence))) {
            QueueNames names = new QueueNames(run);
            LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
            PriorityBench.Work work = PriorityBench.work(p3TaskMillis);
            PriorityBench.Figures f;
            RuntimePorts ports = backends.ports();
            StageTrace trace = stages ? new StageTrace(ports.queue(), names.tasks(PriorityBench.FUNCTION, Priority.P0)) : null;
            if (trace != null) {
                ports = new RuntimePorts(ports.executions(), ports.claims(), trace, ports.timers(), ports.definitions(), ports.activities());
            }
            try (LocalRuntime runtime = new LocalRuntime(ports, PriorityBench.functions(work), PriorityBench.functionNames(),
                    new LocalRuntime.Settings(names, d.visibility(), d.lease(), d.concurrency(), d.tickEvery(), d.outboxGrace(),
                            Boundary.Probe.NONE), Clock.systemUTC())) {
                ChannelSettings settings = ChannelSettings.defaults();
                if (noPacing) {
                    settings = settings.withPacing(new ChannelSettings.Pacing(false, settings.pacing().maxGap()));
                }
                if (rate != null) {
                    settings = settings.withChannel(Priority.P3, new ChannelSettings.Limits(settings.channels().get(Priority.P3).concurrency(),
                            rate));
                }
                ConcurrencyLimiter slots = new RedisConcurrencyLimiter(backends.redisson(), run);
                runtime.limitChannels(new ChannelLimits(trace != null ? trace.limiter(slots) : slots,
                        new RedisTokenBucket(backends.redisson(), run), Tenancy.SINGLE, settings));
                org.redisson.api.RBucket<String> pinged = backends.redisson().getBucket(run + ":ping", org.redisson.client.codec.StringCodec.INSTANCE);
                try (Stalls stalls = trace != null ? new Stalls(pinged::isExists, 3) : null) {
                    f = new PriorityBench().traced(trace, stalls).run(runtime, work, backends.ports().queue(),
                            names.tasks(PriorityBench.FUNCTION, Priority.P3), new PriorityBench.Options(samples, spacing, backlog, p3TaskMillis, warmup), err);
                }
            }
            out.printf(Locale.ROOT, "%d P0 starts a phase, %d ms apart; %d-task P3 backlog (each %d ms of work), local runtime concurrency %d,"
                    + " P3 channel limit %d, P3 start rate %s, refill pacing %s, Redis persistence %s%n", f.samples(), spacing, backlog, p3TaskMillis,
                    d.concurrency(), ChannelSettings.defaults().channels().get(Priority.P3).concurrency(),
                    rate == null ? "none" : rate.perSecond() + "/s in bursts of " + rate.burst(), noPacing ? "off" : "on", redisPersistence.flag());
            out.printf(Locale.ROOT, "P0 start -> first task, unloaded: p50 %.1f ms, p99 %.1f ms%n", f.unloadedP50(), f.unloadedP99());
            out.printf(Locale.ROOT, "P0 start -> first task, behind the P3 backlog (%d waiting before, %d after): p50 %.1f ms, p99 %.1f ms%n",
                    f.backlogBefore(), f.backlogAfter(), f.loadedP50(), f.loadedP99());
            out.printf(Locale.ROOT, "loaded p99 / unloaded p99: %.2f (target <= 2)%n", f.ratio());
            if (json) {
                out.println(f.json());
            }
            return 0;
        }
    }

    private static RateLimiter.Limit rate(String text) {
        String[] parts = text.split("/", -1);
        try {
            if (parts.length == 2) {
                return new RateLimiter.Limit(Double.parseDouble(parts[0]), Integer.parseInt(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new SluiceCli.UsageException("--p3-rate expects R/B: a positive rate a second and a burst of at least 1, as 50/2; got '"
                + text + "'");
    }
}
