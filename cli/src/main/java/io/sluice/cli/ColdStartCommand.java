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
 * orchestrator's Lambda handler tuned (AppCDS archive, C1 only) against a plain Spring Cloud Function AWS app with
 * one function and default settings, as separate processes on the packaged artifact ({@link ColdStartBench}); medians.
 * Beside them, the same orchestrator through {@code FunctionInvoker} (its Spring Boot application started first), tuned
 * alike: what leaving Spring Boot's start out of the orchestrator's handler saves.
 * The orchestrator's Redis and SQS are an embedded Redis and ElasticMQ, started for the run. On JDK 25 and later the
 * tuned entry point is also run with the JDK's AOT cache in place of the archive, reported beside the figure.
 */
@Command(name = "coldstart", mixinStandardHelpOptions = true,
        description = {"Cold start of the tuned Lambda entry point vs a plain Spring Cloud Function app, as separate JVMs (medians).",
                "Needs the artifact (./sluice package aws) and the plain side (mvn -pl bench compile).",
                "--json prints tuned_ms, plain_ms, ratio last."})
final class ColdStartCommand implements Callable<Integer> {
    /** The orchestrator Lambda's handler: Spring Cloud Function's invocation of the orchestrator, no Spring Boot start. */
    static final String TUNED_HANDLER = "io.sluice.aws.lean.OrchestratorHandler";
    /** Spring Cloud Function's handler, which starts the {@code MAIN_CLASS} application first. */
    static final String FUNCTION_INVOKER = "org.springframework.cloud.function.adapter.aws.FunctionInvoker";
    /** The orchestrator's {@code MAIN_CLASS} under {@code FunctionInvoker}: functional registration, nothing scanned. */
    static final String TUNED_MAIN = "io.sluice.aws.lean.OrchestratorLambda";
    /**
     * What the orchestrator Lambda's {@code JAVA_TOOL_OPTIONS} holds besides the archive (infra-terraform's aws module):
     * C1 only, and no Spring Boot background pre-initializer, whose warm-up of converters and validation the function never
     * uses and which would take the second core from the clients' own start.
     */
    static final List<String> TUNED_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-Dspring.backgroundpreinitializer.ignore=true");
    /** The plain side's application: the bench module's, run from its classes beside the artifact (never shipped in it). */
    static final String PLAIN_MAIN = "io.sluice.bench.coldstart.PlainFunctionApplication";

    @Option(names = "--runs", defaultValue = "5", description = "runs of each side (default 5)")
    private int runs;
    @Option(names = "--json", description = "one JSON line, ratio last")
    private boolean json;
    @Option(names = "--artifact", paramLabel = "JAR", description = "the artifact (default adapters/aws/target/sluice-aws.jar)")
    private Path artifact;
    @Option(names = "--baseline", paramLabel = "DIR",
            description = "the classes of the plain side's application (default bench/target/classes; mvn -pl bench compile)")
    private Path baseline;
    @Option(names = "--tuned-option", paramLabel = "OPTION",
            description = "a JVM option added to the tuned side (training and timed runs alike), to try a recipe; repeatable")
    private List<String> tunedExtra = List.of();
    @Option(names = "--no-aot", description = "skip the JDK 25 AOT-cache runs")
    private boolean noAot;
    @Option(names = "--functions", split = ",", paramLabel = "NAME",
            description = "other functions to time too (task-worker,http-api,...), each through the handler its Lambda is deployed "
                    + "with, on its recorded event (examples/events/aws/events.json), AppCDS + C1 as the tuned side")
    private List<String> others = List.of();

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
        Map<String, Path> recorded = recordedEvents(home, others);
        Path jar = artifact != null ? artifact : AwsArtifact.inCheckout(home).jar();
        if (!Files.isRegularFile(jar)) {
            context.err().println("sluice bench coldstart: no artifact at " + jar + "; build it with ./sluice package aws");
            return 1;
        }
        Path plainClasses = baseline != null ? baseline : home.resolve("bench/target/classes");
        if (!Files.isRegularFile(plainClasses.resolve(PLAIN_MAIN.replace('.', '/') + ".class"))) {
            context.err().println("sluice bench coldstart: no " + PLAIN_MAIN + " (the plain side) under " + plainClasses
                    + "; build it with mvn -pl bench compile");
            return 1;
        }
        Path event = home.resolve("examples/events/aws/orchestrator-sqs.json");
        BenchCommand.quietLogging();
        Path work = Files.createTempDirectory("sluice-coldstart");
        try (EmbeddedRedis redis = EmbeddedRedis.start("redis-server", context.env().getOrDefault("PATH", ""));
             EmbeddedElasticMq sqs = EmbeddedElasticMq.start(0)) {
            Map<String, String> sluice = Map.of("sluice.redis-url", redis.url(), "sluice.sqs-endpoint", sqs.endpoint().toString(),
                    "sluice.region", EmbeddedElasticMq.REGION, "sluice.queue-prefix", "sluice", "sluice.redis-key-prefix", "coldstart");
            ColdStartBench bench = new ColdStartBench(Path.of(System.getProperty("java.home"), "bin", "java"), jar, work);
            List<String> tunedOptions = new java.util.ArrayList<>(TUNED_OPTIONS);
            tunedOptions.addAll(tunedExtra);
            ColdStartBench.Side tuned = trained(bench, new ColdStartBench.Side("tuned", tunedOptions, sluice, TUNED_MAIN, "orchestrator",
                    TUNED_HANDLER, event));
            ColdStartBench.Side invoker = trained(bench, new ColdStartBench.Side("tuned-function-invoker", tunedOptions, sluice,
                    TUNED_MAIN, "orchestrator", FUNCTION_INVOKER, event));
            ColdStartBench.Side plain = new ColdStartBench.Side("plain", List.of(), Map.of(), PLAIN_MAIN, "records", FUNCTION_INVOKER,
                    event, List.of(plainClasses));
            List<ColdStartBench.Side> sides = new java.util.ArrayList<>(List.of(tuned, plain, invoker));
            Map<String, ColdStartBench.Side> functions = new java.util.LinkedHashMap<>();
            for (var e : recorded.entrySet()) {
                functions.put(e.getKey(), trained(bench, otherFunction(home, e.getKey(), e.getValue(), tunedOptions, sluice)));
            }
            sides.addAll(functions.values());
            Map<String, List<Long>> times = bench.run(sides, runs);
            // JDK 25's AOT cache (JEP 483/514/515: classes loaded and linked, method profiles) in place of the CDS archive:
            // not on Lambda's java21, so beside the figure, not in it.
            List<Long> aot = List.of();
            if (Runtime.version().feature() >= 25 && !noAot) {
                // -XX:AOTCacheOutput takes no -Xshare option beside it.
                Path cache = bench.trainAot(tuned.withOptions("-aot", List.copyOf(tunedOptions)));
                aot = bench.runOne(tuned.withOptions("-aot", with(tunedOptions, "-XX:AOTCache=" + cache)), runs);
            }
            Map<String, List<Long>> otherTimes = new java.util.LinkedHashMap<>();
            functions.forEach((f, side) -> otherTimes.put(f, times.get(side.name())));
            Figures figures = new Figures(times.get(tuned.name()), times.get(plain.name()), times.get(invoker.name()), otherTimes, aot);
            if (json) {
                context.out().println(Json.write(figures.json(runs)));
            } else {
                figures.print(context.out(), runs);
            }
            return 0;
        } finally {
            try (var files = Files.list(work)) {
                for (Path p : files.toList()) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(work);
        }
    }

    /** One run's times (ms, in run order) of every side, and their medians as the bench reports them. */
    private record Figures(List<Long> tuned, List<Long> plain, List<Long> invoker, Map<String, List<Long>> functions, List<Long> aot) {
        double ratio() {
            return (double) ColdStartBench.median(plain) / Math.max(1, ColdStartBench.median(tuned));
        }

        /** One JSON object, {@code tuned_ms}, {@code plain_ms} and {@code ratio} last. */
        ObjectNode json(int runs) {
            ObjectNode o = Json.object().put("runs", runs).put("java", Runtime.version().toString());
            tuned.forEach(o.putArray("tuned_runs_ms")::add);
            plain.forEach(o.putArray("plain_runs_ms")::add);
            invoker.forEach(o.putArray("tuned_function_invoker_runs_ms")::add);
            aot.forEach(o.putArray("tuned_aot_runs_ms")::add);
            o.put("tuned_function_invoker_ms", ColdStartBench.median(invoker));
            if (!functions.isEmpty()) {
                ObjectNode each = o.putObject("functions");
                functions.forEach((f, t) -> {
                    ObjectNode one = each.putObject(f).put("ms", ColdStartBench.median(t));
                    t.forEach(one.putArray("runs_ms")::add);
                });
            }
            if (!aot.isEmpty()) {
                o.put("tuned_aot_ms", ColdStartBench.median(aot));
            }
            return o.put("tuned_ms", ColdStartBench.median(tuned)).put("plain_ms", ColdStartBench.median(plain))
                    .put("ratio", Math.round(ratio() * 100) / 100.0);
        }

        void print(java.io.PrintStream out, int runs) {
            out.printf("cold start, JVM start -> first SQS event handled, median of %d (Java %s)%n", runs, Runtime.version());
            out.printf("  tuned (Sluice orchestrator handler, AppCDS + C1): %d ms  %s%n", ColdStartBench.median(tuned), tuned);
            out.printf("  plain (one-function SCF app, defaults):           %d ms  %s%n", ColdStartBench.median(plain), plain);
            out.printf("  plain / tuned: %.2f%n", ratio());
            out.printf("  the same orchestrator through FunctionInvoker (Spring Boot started), AppCDS + C1: %d ms  %s%n",
                    ColdStartBench.median(invoker), invoker);
            functions.forEach((f, t) -> out.printf("  %s (its deployed handler, AppCDS + C1): %d ms  %s%n", f, ColdStartBench.median(t), t));
            if (!aot.isEmpty()) {
                out.printf("  tuned with JDK %d's AOT cache instead of AppCDS (not on java21): %d ms  %s%n",
                        Runtime.version().feature(), ColdStartBench.median(aot), aot);
            }
        }
    }

    /** Each function named by {@code --functions}, with the first event {@code examples/events/aws/events.json} lists for it. */
    private static Map<String, Path> recordedEvents(Path home, List<String> functions) throws java.io.IOException {
        Map<String, Path> events = new java.util.LinkedHashMap<>();
        if (functions.isEmpty()) {
            return events;
        }
        Path folder = home.resolve("examples/events/aws");
        if (!Files.isRegularFile(folder.resolve("events.json"))) {
            throw new SluiceCli.UsageException("--functions: the recorded events are read from " + folder.resolve("events.json")
                    + ", which is not there (run from a checkout)");
        }
        Map<String, Path> first = new java.util.LinkedHashMap<>();
        Json.parse(Files.readString(folder.resolve("events.json"))).path("cases")
                .forEach(c -> first.putIfAbsent(c.path("function").asText(), folder.resolve(c.path("event").asText())));
        first.remove("orchestrator"); // the tuned side itself
        for (String f : functions) {
            if (!first.containsKey(f)) {
                throw new SluiceCli.UsageException("--functions: no recorded event for '" + f + "'; expected one of " + first.keySet());
            }
            events.put(f, first.get(f));
        }
        return events;
    }

    /**
     * {@code function} as its Lambda is deployed (the handler and {@code MAIN_CLASS} {@code LocalInvoke} gives it, as the
     * deployment does) over the bench's Redis and SQS, with the bundle the recorded events were made for and, for the HTTP
     * API, the API host its event names.
     */
    private static ColdStartBench.Side otherFunction(Path home, String function, Path event, List<String> options,
                                                     Map<String, String> sluice) throws java.io.IOException {
        Path bundle = home.resolve("examples/events/aws/bundle/pipelines");
        Map<String, String> properties = new java.util.LinkedHashMap<>(sluice);
        properties.put("sluice.triggers.pipelines", "file:" + bundle + "/*.asl.json");
        properties.put("sluice.triggers.rules", "file:" + bundle.resolve("triggers.json"));
        properties.put("sluice.api.tenants", "file:" + bundle.resolve("tenants.json"));
        String host = Json.parse(Files.readString(event)).path("requestContext").path("domainName").asText("");
        if (!host.isEmpty()) {
            properties.put("sluice.api.allowed-hosts", host);
        }
        return new ColdStartBench.Side("fn-" + function, options, properties, null, function, null, event);
    }

    /** {@code side} with the AppCDS archive of its own training run. */
    private static ColdStartBench.Side trained(ColdStartBench bench, ColdStartBench.Side side) throws Exception {
        Path archive = bench.train(side.withOptions("", with(side.jvmOptions(), "-Xshare:auto")));
        return side.withOptions("", with(side.jvmOptions(), "-XX:SharedArchiveFile=" + archive));
    }

    private static List<String> with(List<String> options, String option) {
        List<String> all = new java.util.ArrayList<>(options);
        all.add(option);
        return List.copyOf(all);
    }
}
