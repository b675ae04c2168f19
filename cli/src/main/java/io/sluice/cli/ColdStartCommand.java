package io.sluice.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.cli.aws.AwsArtifact;
import io.sluice.cli.bench.ColdStartBench;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.local.embedded.EmbeddedElasticMq;
import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice bench coldstart [--runs N] [--json]}: JVM start to the first SQS event handled, the Sluice
 * orchestrator's Lambda entry point tuned (AppCDS archive, C1 only) against a plain Spring Cloud Function AWS app with
 * one function and default settings, as separate processes on the packaged artifact ({@link ColdStartBench}); medians.
 * The orchestrator's Redis and SQS are an embedded Redis and ElasticMQ, started for the run. On JDK 25 and later the
 * tuned entry point is also run with the JDK's AOT cache in place of the archive, reported beside the figure.
 */
@Command(name = "coldstart", mixinStandardHelpOptions = true,
        description = {"Cold start of the tuned Lambda entry point vs a plain Spring Cloud Function app, as separate JVMs (medians).",
                "Needs the artifact: ./sluice package aws. --json prints tuned_ms, plain_ms, ratio last."})
final class ColdStartCommand implements Callable<Integer> {
    /** The orchestrator Lambda's {@code MAIN_CLASS}: functional registration, nothing scanned. */
    static final String TUNED_MAIN = "io.sluice.aws.lean.OrchestratorLambda";
    /**
     * What the orchestrator Lambda's {@code JAVA_TOOL_OPTIONS} holds besides the archive (infra-terraform's aws module):
     * C1 only, and no Spring Boot background pre-initializer, whose warm-up of converters and validation the function never
     * uses and which would take the second core from the clients' own start.
     */
    static final List<String> TUNED_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-Dspring.backgroundpreinitializer.ignore=true");

    @Option(names = "--runs", defaultValue = "5", description = "runs of each side (default 5)")
    private int runs;
    @Option(names = "--json", description = "one JSON line, ratio last")
    private boolean json;
    @Option(names = "--artifact", paramLabel = "JAR", description = "the artifact (default adapters/aws/target/sluice-aws.jar)")
    private Path artifact;

    private final CliContext context;

    ColdStartCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new SluiceCli.UsageException("--runs expects a whole number >= 1, not " + runs);
        }
        Path home = Path.of(System.getProperty("sluice.home", ".")).toAbsolutePath().normalize();
        Path jar = artifact != null ? artifact : AwsArtifact.inCheckout(home).jar();
        if (!Files.isRegularFile(jar)) {
            context.err().println("sluice bench coldstart: no artifact at " + jar + "; build it with ./sluice package aws");
            return 1;
        }
        Path event = home.resolve("examples/events/aws/orchestrator-sqs.json");
        BenchCommand.quietLogging();
        Path work = Files.createTempDirectory("sluice-coldstart");
        try (EmbeddedRedis redis = EmbeddedRedis.start("redis-server", context.env().getOrDefault("PATH", ""));
             EmbeddedElasticMq sqs = EmbeddedElasticMq.start(0)) {
            Map<String, String> sluice = Map.of("sluice.redis-url", redis.url(), "sluice.sqs-endpoint", sqs.endpoint().toString(),
                    "sluice.region", EmbeddedElasticMq.REGION, "sluice.queue-prefix", "sluice", "sluice.redis-key-prefix", "coldstart");
            ColdStartBench bench = new ColdStartBench(Path.of(System.getProperty("java.home"), "bin", "java"), jar, event, work);
            ColdStartBench.Side untrained = new ColdStartBench.Side("tuned", with(TUNED_OPTIONS, "-Xshare:auto"), sluice,
                    TUNED_MAIN, "orchestrator");
            Path archive = bench.train(untrained);
            ColdStartBench.Side tuned = new ColdStartBench.Side("tuned", with(TUNED_OPTIONS, "-XX:SharedArchiveFile=" + archive),
                    sluice, untrained.mainClass(), untrained.function());
            ColdStartBench.Side plain = new ColdStartBench.Side("plain", List.of(), Map.of(), "io.sluice.coldstart.PlainFunctionApplication", "records");
            ColdStartBench.Result r = bench.run(tuned, plain, runs);
            double ratio = (double) r.plainMedian() / Math.max(1, r.tunedMedian());
            // JDK 25's AOT cache (JEP 483/514/515: classes loaded and linked, method profiles) in place of the CDS archive:
            // not on Lambda's java21, so beside the figure, not in it.
            List<Long> aot = List.of();
            if (Runtime.version().feature() >= 25) {
                // -XX:AOTCacheOutput takes no -Xshare option beside it.
                Path cache = bench.trainAot(new ColdStartBench.Side("tuned-aot", TUNED_OPTIONS, sluice,
                        untrained.mainClass(), untrained.function()));
                ColdStartBench.Side withAot = new ColdStartBench.Side("tuned-aot", with(TUNED_OPTIONS, "-XX:AOTCache=" + cache),
                        sluice, untrained.mainClass(), untrained.function());
                aot = bench.runOne(withAot, runs);
            }
            if (json) {
                ObjectNode o = Json.object().put("runs", runs).put("java", Runtime.version().toString());
                r.tunedMs().forEach(o.putArray("tuned_runs_ms")::add);
                r.plainMs().forEach(o.putArray("plain_runs_ms")::add);
                aot.forEach(o.putArray("tuned_aot_runs_ms")::add);
                if (!aot.isEmpty()) {
                    o.put("tuned_aot_ms", ColdStartBench.median(aot));
                }
                o.put("tuned_ms", r.tunedMedian()).put("plain_ms", r.plainMedian()).put("ratio", Math.round(ratio * 100) / 100.0);
                context.out().println(Json.write(o));
            } else {
                context.out().printf("cold start, JVM start -> first SQS event handled, median of %d (Java %s)%n", runs, Runtime.version());
                context.out().printf("  tuned (Sluice orchestrator, AppCDS + C1): %d ms  %s%n", r.tunedMedian(), r.tunedMs());
                context.out().printf("  plain (one-function SCF app, defaults):   %d ms  %s%n", r.plainMedian(), r.plainMs());
                context.out().printf("  plain / tuned: %.2f%n", ratio);
                if (!aot.isEmpty()) {
                    context.out().printf("  tuned with JDK %d's AOT cache instead of AppCDS (not on java21): %d ms  %s%n",
                            Runtime.version().feature(), ColdStartBench.median(aot), aot);
                }
            }
            return 0;
        } finally {
            try (var files = Files.list(work)) {
                for (Path p : files.toList()) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(work);
        }
    }

    private static List<String> with(List<String> options, String option) {
        List<String> all = new java.util.ArrayList<>(options);
        all.add(option);
        return List.copyOf(all);
    }
}
