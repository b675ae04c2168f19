package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.StartResult;
import io.sluice.api.port.ExecutionControl;
import io.sluice.cli.demo.DemoOutcome;
import io.sluice.cli.demo.DemoProgress;
import io.sluice.cli.demo.DemoReport;
import io.sluice.cli.demo.DemoResults;
import io.sluice.cli.demo.DemoServe;
import io.sluice.cli.demo.DemoStack;
import io.sluice.cli.demo.DemoWorkspace;
import io.sluice.cli.demo.DemoLineage;
import io.sluice.cli.demo.ExecutionFootprint;
import io.sluice.cli.demo.RetailData;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StatusRecord;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.slf4j.LoggerFactory;

/**
 * {@code sluice demo [--keep DIR] [--plain] [--timeout SECONDS] [--partition DATE] [--serve [--port P]]}: the retail example
 * end to end on this machine (see {@code examples/retail/README.md}). It starts the embedded stack
 * (queue, Redis, PostgreSQL unless {@code SLUICE_REDIS_URL} / {@code SLUICE_PG_URL} name servers, the
 * partner's SFTP server and HTTP API), generates the sample data, runs the four pipelines with a live
 * view, prints the status table, the warehouse's row counts, the exports and the alerts, stops
 * everything and removes its folder (unless {@code --keep}; with {@code --serve} it leaves all of it up, says where the
 * console is, and stops at Ctrl-C). Its last line is one JSON object
 * {@code {"succeeded", "failed", "warehouse_rows", "exported"}}; it exits 0 when everything but the
 * planted failure (the returns pipeline) succeeded, with the rows, extracts and alert that implies.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run the retail example end to end: four pipelines, one failing on purpose.",
                "Embedded queue, Redis, PostgreSQL, SFTP and HTTP partner; the last line is a JSON summary.",
                "Exit 0 when all went as planned."})
final class DemoCommand implements Callable<Integer> {
    static final String PLANTED_FAILURE = "returns";
    static final long SEED = 20261129L;
    private static final Duration POLL = Duration.ofMillis(250);

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    @Option(names = "--keep", paramLabel = "DIR", description = "run in DIR and keep it (data, logs, the warehouse) afterwards")
    private String keep;
    @Option(names = "--plain", description = "no live progress display, one line per step")
    private boolean plain;
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120", description = "give up after (default ${DEFAULT-VALUE}, at least 10)")
    private int timeoutSeconds;
    @Option(names = "--partition", paramLabel = "DATE", description = "the business date to run (default 2026-11-29)")
    private String partitionText;
    @Option(names = "--example", paramLabel = "DIR", description = "the example folder (default the checkout's examples/retail)")
    private String exampleDir;
    @Option(names = "--serve", description = "leave the runtime, its runs, the warehouse and the web console up afterwards, until Ctrl-C")
    private boolean serve;
    @Option(names = "--port", paramLabel = "P", description = "with --serve, the HTTP API's and console's port (default 8080; 0 for any free one)")
    private Integer port;

    DemoCommand(PrintStream out, PrintStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    DemoCommand(CliContext context) {
        this(context.out(), context.err(), context.env());
    }

    @Override
    public Integer call() throws InterruptedException {
        if (timeoutSeconds < 10) {
            throw new SluiceCli.UsageException("--timeout expects a whole number of at least 10, not '" + timeoutSeconds + "'");
        }
        if (port != null && (!serve || port < 0)) {
            throw new SluiceCli.UsageException(serve ? "--port expects a whole number of at least 0, not '" + port + "'"
                    : "--port goes with --serve (without it the demo's runtime listens on any free port and stops at the end)");
        }
        Path example = example();
        LocalDate partition = partition();
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        DemoWorkspace ws = DemoWorkspace.create(keep != null ? Path.of(keep) : temporaryFolder());
        quietLogging(ws);
        Instant start = Instant.now();
        out.println("Sluice demo: the retail example for partition " + partition + ", in " + ws.root());
        DemoStack stack;
        try {
            stack = DemoStack.start(ws, settings(example, partition), serve ? (port == null ? 8080 : port) : 0,
                    line -> out.println("  " + line));
        } catch (RuntimeException e) {
            err.println("sluice demo: could not start: " + e.getMessage() + " (the log: " + ws.log() + ")");
            cleanUp(null, ws, keep != null);
            return 1;
        }
        Thread hook = Thread.ofPlatform().unstarted(() -> cleanUp(stack, ws, keep != null));
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runPipelines(stack, ws, example, partition, timeout, start);
        } catch (RuntimeException e) {
            err.println("sluice demo: " + e.getMessage() + " (the log: " + ws.log() + (keep != null ? ")" : ", removed; --keep keeps it)"));
            return 1;
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
    }

    private int runPipelines(DemoStack stack, DemoWorkspace ws, Path example, LocalDate partition, Duration timeout,
                             Instant start) throws InterruptedException {
        DemoOutcome outcome;
        List<StatusRecord> status;
        Map<String, Long> footprint;
        com.fasterxml.jackson.databind.node.ObjectNode lineage;
        boolean stays = false;
        try {
            describeStack(stack, start);
            Map<String, String> ids = startAll(stack, partition);
            watch(stack, ids, !plain && interactive(), timeout);
            awaitAlerts(stack, ids.size());
            outcome = outcome(stack, ws, ids);
            status = status(stack, ids, partition);
            lineage = DemoLineage.of(stack.app().getBean(io.sluice.orchestration.port.LineageLog.class), partition.toString());
            footprint = ExecutionFootprint.bytes(stack.app().getBean(LocalBackends.class).redisson(), DemoStack.keyPrefix(stack.run()), ids);
            stays = serve;
        } finally {
            if (!stays) {
                out.println();
                out.println("Stopping the runtime and the servers" + (keep != null ? "." : "; removing " + ws.root() + "."));
                cleanUp(stack, ws, keep != null);
            }
        }
        DemoReport report = new DemoReport(out);
        report.results(status, outcome);
        report.next(example, keep != null ? ws.root() : null, env.get(EmbeddedPostgres.URL_VARIABLE) != null, serve);
        if (serve) {
            DemoServe.describe(stack, ws, partition.toString(), keep != null, out);
        }
        List<String> problems = outcome.problems();
        double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;
        out.println();
        out.println(problems.isEmpty() ? String.format(Locale.ROOT, "Done in %.1f s: everything but the planted failure (%s) succeeded.",
                seconds, PLANTED_FAILURE) : String.format(Locale.ROOT, "Done in %.1f s, but not as expected: %s.", seconds,
                String.join("; ", problems)));
        com.fasterxml.jackson.databind.node.ObjectNode last = outcome.json();
        footprint.forEach(last.putObject("redis_bytes_per_execution")::put);
        last.set("lineage", lineage);
        out.println(Json.write(last));
        out.flush();
        if (serve) {
            try {
                DemoServe.awaitStop();
            } finally {
                cleanUp(stack, ws, keep != null);
            }
        }
        return problems.isEmpty() ? 0 : 1;
    }

    private DemoStack.Settings settings(Path example, LocalDate partition) {
        return new DemoStack.Settings(example, partition, SEED, RetailData.Size.DEMO, blankToNull(env.get(EmbeddedPostgres.URL_VARIABLE)),
                blankToNull(env.get("SLUICE_REDIS_URL")));
    }

    private void describeStack(DemoStack stack, Instant start) {
        LocalBackends backends = stack.app().getBean(LocalBackends.class);
        out.println("  queue: " + backends.queueDescription() + "; Redis: " + backends.redisDescription());
        out.println("  PostgreSQL: " + stack.postgres());
        out.printf(Locale.ROOT, "  ready after %.1f s%n%n", Duration.between(start, Instant.now()).toMillis() / 1000.0);
    }

    /** Starts one execution per pipeline (ingestions first, the export last); returns their ids by pipeline. */
    private Map<String, String> startAll(DemoStack stack, LocalDate partition) {
        PipelineCatalog catalog = stack.app().getBean(PipelineCatalog.class);
        ExecutionControl executions = stack.app().getBean(ExecutionControl.class);
        Map<String, String> ids = new LinkedHashMap<>();
        for (String id : ordered(stack.pipelines())) {
            if (!(catalog.find(id) instanceof PipelineCatalog.Lookup.Found found)) {
                throw new IllegalStateException("The example's pipeline " + id + " did not load: " + catalog.problems());
            }
            JsonNode input = Json.object().put("pipeline", id).put("partition", partition.toString());
            String name = partition + "-" + stack.run();
            if (executions.start(found.pipeline().id(), name, input) instanceof StartResult.Refused r) {
                throw new IllegalStateException("The example's pipeline " + id + " did not start: " + r.reason());
            }
            ids.put(id, Orchestrator.executionId(id, name));
        }
        out.println("Running " + ids.size() + " pipelines (" + String.join(", ", ids.keySet()) + "); " + PLANTED_FAILURE
                + "' landing file is broken on purpose:");
        return ids;
    }

    /** The example's pipelines in the order they are told about: the three ingestions, then the export. */
    private static List<String> ordered(List<String> pipelines) {
        List<String> order = List.of("orders", "customers", PLANTED_FAILURE, "daily-sales");
        return pipelines.stream().sorted(Comparator.comparingInt(p -> order.contains(p) ? order.indexOf(p) : order.size())).toList();
    }

    private void watch(DemoStack stack, Map<String, String> ids, boolean redraw, Duration timeout) throws InterruptedException {
        ExecutionControl executions = stack.app().getBean(ExecutionControl.class);
        DemoProgress progress = new DemoProgress(out, redraw, List.copyOf(ids.keySet()), Instant.now());
        Instant giveUp = Instant.now().plus(timeout);
        while (true) {
            Map<String, Optional<ExecutionControl.Described>> now = new LinkedHashMap<>();
            ids.forEach((p, id) -> now.put(p, executions.describe(id)));
            progress.update(now, Instant.now());
            boolean done = now.values().stream().allMatch(d -> d.isPresent() && !"RUNNING".equals(d.get().summary().status()));
            if (done) {
                return;
            }
            if (Instant.now().isAfter(giveUp)) {
                out.println("sluice demo: gave up waiting after " + timeout.toSeconds() + " s (--timeout)");
                return;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The completion listener alerts after an execution ends, so the webhook's alert may come a moment later. */
    private static void awaitAlerts(DemoStack stack, int pipelines) throws InterruptedException {
        Instant giveUp = Instant.now().plusSeconds(15);
        while (stack.receiver().alerts().isEmpty() && Instant.now().isBefore(giveUp)) {
            Thread.sleep(POLL.toMillis());
        }
        Thread.sleep(POLL.toMillis()); // a second alert, which would be a bug, has a moment to show
    }

    private DemoOutcome outcome(DemoStack stack, DemoWorkspace ws, Map<String, String> ids) {
        ExecutionControl executions = stack.app().getBean(ExecutionControl.class);
        Map<String, ExecutionSummary> summaries = new LinkedHashMap<>();
        ids.forEach((p, id) -> summaries.put(p, executions.summary(id).orElseThrow()));
        DemoResults results = new DemoResults(ws, stack);
        return new DemoOutcome(summaries, results.warehouseRows(), results.expectedRows(PLANTED_FAILURE), results.exports(),
                results.targets(PLANTED_FAILURE), stack.receiver().alerts(), PLANTED_FAILURE);
    }

    private static List<StatusRecord> status(DemoStack stack, Map<String, String> ids, LocalDate partition) {
        PostgresStatusStore store = stack.app().getBean(PostgresStatusStore.class);
        return store.list(null, partition.toString(), 1000).stream().filter(r -> ids.containsValue(r.executionId())).toList();
    }

    private void cleanUp(DemoStack stack, DemoWorkspace ws, boolean keep) {
        synchronized (this) {
            try {
                if (stack != null) {
                    stack.close();
                }
            } catch (RuntimeException e) {
                err.println("sluice demo: while stopping: " + e.getMessage());
            }
            if (!keep) {
                try {
                    ws.delete();
                } catch (UncheckedIOException e) {
                    err.println("sluice demo: " + e.getMessage());
                }
            }
        }
    }

    /**
     * Everything the runtime logs goes to the demo folder's sluice.log. Logback reads its configuration
     * once, when the first logger is made, so the property is set, used and taken back before any server
     * starts (Spring Boot, which is told the same file, would warn about it).
     */
    private static void quietLogging(DemoWorkspace ws) {
        System.setProperty("sluice.demo.log", ws.log().toString());
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", DemoStack.LOGGING);
            LoggerFactory.getILoggerFactory();
            System.clearProperty("logback.configurationFile");
        }
    }

    private Path example() {
        Path dir = exampleDir != null ? Path.of(exampleDir)
                : Path.of(System.getProperty("sluice.home", ".")).resolve("examples/retail");
        if (!Files.isDirectory(dir.resolve("pipelines")) || !Files.isDirectory(dir.resolve("jobs"))) {
            throw new SluiceCli.UsageException("no retail example at " + dir.toAbsolutePath().normalize()
                    + " (it has pipelines/ and jobs/); run ./sluice demo from the Sluice folder, or give --example DIR");
        }
        return dir.toAbsolutePath().normalize();
    }

    private LocalDate partition() {
        try {
            return partitionText != null ? LocalDate.parse(partitionText) : LocalDate.of(2026, 11, 29);
        } catch (DateTimeParseException e) {
            throw new SluiceCli.UsageException("--partition expects a date such as 2026-11-29, not '" + partitionText + "'");
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("sluice-demo-");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not make a temporary folder for the demo", e);
        }
    }

    /** Whether stdout is a terminal that takes cursor movements: not when piped, in CI, or on a dumb terminal. */
    private boolean interactive() {
        if (out != System.out || "dumb".equals(env.get("TERM")) || env.containsKey("CI")) {
            return false;
        }
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // Console.isTerminal() (JDK 22+): from JDK 22 on, System.console() is not null when the streams are redirected.
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
