package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parity suite on every host: each host in a JVM of its own ({@link ParityMain}; Spring Cloud Function keeps one
 * Azure app per JVM, and a Lambda's settings are system properties), on this JVM's classpath without the other hosts'
 * function adapters (the AWS and Azure bundles carry no Tomcat; the local runtime no Functions adapters). Prints one
 * line per case and, last, {@code {"local": "P/T", "aws": "P/T", "azure": "P/T"}}.
 *
 * <p>{@code ParitySuite [--json] [--hosts local,aws,azure] [--cases DIR] [--logs DIR]}
 */
public final class ParitySuite {
    public static final List<String> HOSTS = List.of("local", "aws", "azure");

    /**
     * Cases known not to pass on a host yet, {@code "host/case"} to the reason. The suite still runs and counts them
     * (they are not in P); the CI test requires exactly these to fail, and prints them.
     */
    public static final Map<String, String> EXPECTED_FAILURES = Map.of();

    private static final Map<String, List<String>> LEFT_OFF = Map.of(
            "local", List.of("spring-cloud-function-adapter-aws", "spring-cloud-function-adapter-azure", "azure-functions-java-library"),
            "aws", List.of("tomcat-embed-", "spring-cloud-function-adapter-azure", "azure-functions-java-library"),
            "azure", List.of("tomcat-embed-", "spring-cloud-function-adapter-aws", "aws-lambda-java-"));

    private ParitySuite() {}

    /** One case on one host. */
    public record CaseOutcome(String host, String name, boolean passed, String detail, long millis) {}

    /** Every host's outcomes, and its error when it could not start. */
    public record Summary(Map<String, List<CaseOutcome>> outcomes, Map<String, String> errors, int total, long millis) {
        public int passed(String host) {
            return (int) outcomes.getOrDefault(host, List.of()).stream().filter(CaseOutcome::passed).count();
        }

        /** {@code {"local": "P/T", ...}}. */
        public String line() {
            ObjectNode o = Json.object();
            outcomes.keySet().forEach(h -> o.put(h, passed(h) + "/" + total));
            return Json.write(o);
        }
    }

    public static void main(String[] args) throws Exception {
        boolean json = false;
        List<String> hosts = HOSTS;
        Path cases = Path.of(System.getProperty("sluice.home", ".")).resolve("examples/parity");
        Path logs = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--json" -> json = true;
                case "--hosts" -> hosts = Arrays.asList(args[++i].split(","));
                case "--cases" -> cases = Path.of(args[++i]);
                case "--logs" -> logs = Path.of(args[++i]);
                default -> {
                    System.err.println("ParitySuite: unknown option " + args[i]);
                    System.exit(2);
                }
            }
        }
        Summary s = run(cases.toAbsolutePath().normalize(), hosts, json ? System.err : System.out,
                logs != null ? logs : Files.createTempDirectory("sluice-parity-logs"));
        System.out.println(s.line());
        boolean ok = s.errors().isEmpty() && s.outcomes().values().stream().flatMap(List::stream)
                .allMatch(o -> o.passed() || EXPECTED_FAILURES.containsKey(o.host() + "/" + o.name()));
        System.exit(ok ? 0 : 1);
    }

    /**
     * Runs the suite of {@code casesDir} on {@code hosts}, printing progress to {@code progress}. The hosts' JVMs run at
     * the same time: they share no state (each has its own Redis key prefix, queues, buckets, tables, containers and
     * databases, and its own ElasticMQ), and each runs its cases one after another; their outcomes are printed in
     * {@code hosts}' order once each has finished.
     */
    public static Summary run(Path casesDir, List<String> hosts, PrintStream progress, Path logs) throws IOException, InterruptedException {
        int total = ParityCases.load(casesDir).cases().size();
        Files.createDirectories(logs);
        Map<String, List<CaseOutcome>> outcomes = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        long begin = System.nanoTime();
        Map<String, Process> running = new LinkedHashMap<>();
        Map<String, Long> ended = new java.util.concurrent.ConcurrentHashMap<>();
        for (String host : hosts) {
            if (!HOSTS.contains(host)) {
                throw new IllegalArgumentException("--hosts: expected some of " + HOSTS + ", not '" + host + "'");
            }
            Files.deleteIfExists(logs.resolve("parity-" + host + ".json"));
            running.put(host, new ProcessBuilder(command(host, casesDir, logs.resolve("parity-" + host + ".json"))).redirectErrorStream(true)
                    .redirectOutput(logs.resolve("parity-" + host + ".log").toFile()).start());
            running.get(host).onExit().thenRun(() -> ended.put(host, System.nanoTime()));
        }
        for (var e : running.entrySet()) {
            String host = e.getKey();
            Path result = logs.resolve("parity-" + host + ".json");
            Path log = logs.resolve("parity-" + host + ".log");
            int code = e.getValue().waitFor();
            long finished = e.getValue().onExit().thenApply(p -> ended.getOrDefault(host, System.nanoTime())).join();
            List<CaseOutcome> list = new ArrayList<>();
            outcomes.put(host, list);
            if (!Files.isRegularFile(result)) {
                errors.put(host, "its JVM exited " + code + " without a result; see " + log);
                progress.println("parity " + host + ": did not run (exit " + code + "); see " + log);
                continue;
            }
            JsonNode r = Json.parse(Files.readString(result));
            if (r.has("error")) {
                errors.put(host, r.get("error").asText() + "; see " + log);
                progress.println("parity " + host + ": could not start: " + r.get("error").asText() + " (log: " + log + ")");
                continue;
            }
            progress.printf("parity %s: started in %.1f s%n", host, r.path("startMillis").asLong() / 1000.0);
            for (JsonNode c : r.path("cases")) {
                CaseOutcome o = new CaseOutcome(host, c.path("name").asText(), c.path("passed").asBoolean(), c.path("detail").asText(null),
                        c.path("millis").asLong());
                list.add(o);
                String expected = EXPECTED_FAILURES.get(host + "/" + o.name());
                progress.printf("parity %-5s %-14s %s (%.1f s)%s%n", host, o.name(), o.passed() ? "PASS" : "FAIL", o.millis() / 1000.0,
                        o.passed() ? "" : ": " + o.detail() + (expected == null ? "" : " [expected failure: " + expected + "]"));
            }
            progress.printf("parity %s: %d/%d, done %.1f s after the start (log: %s)%n", host, list.stream().filter(CaseOutcome::passed).count(),
                    total, (finished - begin) / 1e9, log);
        }
        return new Summary(outcomes, errors, total, (System.nanoTime() - begin) / 1_000_000);
    }

    private static List<String> command(String host, Path casesDir, Path result) {
        List<String> classpath = new ArrayList<>();
        // Under surefire, java.class.path may be one manifest-only jar; the test class path is given apart.
        String own = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : own.split(File.pathSeparator)) {
            String file = Path.of(entry).getFileName() == null ? entry : Path.of(entry).getFileName().toString();
            if (LEFT_OFF.get(host).stream().noneMatch(file::startsWith)) {
                classpath.add(entry);
            }
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // Netty, Reactor and Pekko read it
        }
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("sluice.test."))
                .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k))); // where the testkit finds S3Mock, dynalite, Azurite
        if (System.getProperty("sluice.test.s3mock.jar") == null) {
            command.add("-Dsluice.test.s3mock.jar=" + casesDir.resolve("../../parity/target/s3mock/s3mock-exec.jar").normalize());
        }
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1", "-Dlogging.level.root=WARN",
                "-cp", String.join(File.pathSeparator, classpath), ParityMain.class.getName(), host, casesDir.toString(), result.toString()));
        return command;
    }
}
