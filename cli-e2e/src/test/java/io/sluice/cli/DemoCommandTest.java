package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.cli.demo.RetailData;
import io.sluice.orchestration.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice demo} end to end, as a user runs it: its own JVM, nothing but the JDK (every server embedded: Redis
 * (queues included), PostgreSQL, SFTP, the HTTP receiver), its output through a pipe. One run of the demo, with
 * {@code --serve} (issue 35) so that what it leaves up can be looked at too:
 * <ul>
 *   <li>the report: the JSON summary, the planted failure and its single alert, the warehouse's rows against the
 *       sample data, lineage;</li>
 *   <li>then the runtime stays up in the demo's JVM: the console answers at the address printed, the API lists the
 *       four runs, the warehouse holds the loaded rows;</li>
 *   <li>Ctrl-C (SIGTERM here) stops every server it started and removes its folder.</li>
 * </ul>
 * The demo without {@code --serve} runs the same code to the same report and then stops what it started; CI runs it
 * as the README gives it ({@code ./sluice demo} in {@code .ci/run}), which fails on a non-zero exit.
 */
class DemoCommandTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CONSOLE = Pattern.compile("^  web console +(http://127\\.0\\.0\\.1:\\d+)/console/$");
    private static final Pattern PG_URL_FILE = Pattern.compile("^  status table +SLUICE_PG_URL=\\$\\(cat (\\S+)\\) \\./sluice status .*");

    @TempDir
    Path dir;

    @Test
    void theDemoRunsTheRetailPipelinesReportsThemAndStaysUpUntilStopped() throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "-Dsluice.home=" + ROOT));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SluiceCli.class.getName(), "demo", "--serve", "--port", "0"));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(k -> k.startsWith("SLUICE_"));  // a fresh machine: no servers named
        Process demo = builder.start();
        Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
        List<String> out = new CopyOnWriteArrayList<>();
        StringBuffer err = new StringBuffer();
        Thread.ofVirtual().start(() -> demo.errorReader(StandardCharsets.UTF_8).lines().forEach(l -> err.append(l).append('\n')));
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = demo.inputReader(StandardCharsets.UTF_8)) {
                r.lines().forEach(out::add);
            } catch (IOException e) {
                // the pipe closes when the demo ends
            }
        });
        try {
            // The demo's JSON line comes last, after the addresses; then it waits.
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                    .until(() -> !demo.isAlive() || out.stream().anyMatch(l -> l.startsWith("{\"succeeded\"")));
            demo.descendants().forEach(children::add);
            String printed = String.join("\n", out);
            assertThat(demo.isAlive()).as("the demo stays up with --serve:\n" + printed + "\n" + err).isTrue();

            theReport(List.copyOf(out));
            Path pgUrl = whatStaysUp(List.copyOf(out));

            demo.destroy(); // SIGTERM, as Ctrl-C: the demo's shutdown hook stops what it started
            assertThat(demo.waitFor(60, TimeUnit.SECONDS)).as("the demo ends when told to").isTrue();
            assertThat(children).as("the demo started servers of its own").isNotEmpty();
            // PostgreSQL's backends end a moment after the server has been told to stop.
            await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(children).as("and none outlives it")
                    .noneMatch(ProcessHandle::isAlive));
            Path folder = Path.of(out.getFirst().replaceFirst("^.*, in ", ""));
            assertThat(folder.getFileName().toString()).startsWith("sluice-demo-");
            assertThat(folder).doesNotExist();
            assertThat(pgUrl.getParent()).as("its folder is removed").doesNotExist();
        } finally {
            if (demo.isAlive()) {
                demo.descendants().forEach(ProcessHandle::destroyForcibly);
                demo.destroyForcibly();
            }
        }
    }

    /** The report: the JSON summary against the sample data, the planted failure, its alert, where to look next. */
    private void theReport(List<String> out) throws IOException {
        String printed = String.join("\n", out);
        JsonNode summary = Json.parse(out.getLast());
        JsonNode lineage = summary.get("lineage");
        assertThat(lineage.get("objects:enriched/orders/").get("written_by").toString()).isEqualTo("[\"orders\"]");
        assertThat(lineage.get("objects:enriched/orders/").get("read_by").toString()).as("the export's unload reads it").isEqualTo("[\"daily-sales\"]");
        assertThat(lineage.get("warehouse:retail.orders").get("written_by").toString()).isEqualTo("[\"orders\"]");
        assertThat(lineage.get("export:partner-api").get("written_by").toString()).isEqualTo("[\"daily-sales\"]");
        JsonNode bytes = summary.get("redis_bytes_per_execution");
        assertThat(bytes.fieldNames()).toIterable().containsExactlyInAnyOrder("orders", "customers", "returns", "daily-sales");
        bytes.forEach(b -> assertThat(b.asLong()).as("an execution's hash and history").isGreaterThan(1000));
        RetailData.Written sample = new RetailData(DemoCommand.SEED, LocalDate.of(2026, 11, 29), RetailData.Size.DEMO).write(dir);
        ((ObjectNode) summary).remove(List.of("redis_bytes_per_execution", "lineage"));
        assertThat(summary).isEqualTo(Json.parse("""
                {"succeeded": 3, "failed": 1,
                 "warehouse_rows": {"retail.customers": %d, "retail.orders": %d, "retail.returns": 0},
                 "exported": 2}""".formatted(dataRows(dir, "customers"), dataRows(dir, "orders"))));
        assertThat(dataRows(dir, "orders")).isEqualTo(sample.orders());

        assertThat(out).as("plain output through a pipe").noneMatch(l -> l.contains("\033"));
        assertThat(out).anySatisfy(l -> assertThat(l).matches("\\[ *[0-9.]+s] returns +FAILED +Glue\\.JobFailed: .*"
                + "CSV Error on Line: " + sample.badReturnsLine() + ".*Expected Number of Columns: 5 Found: 6.*"));
        assertThat(out).anySatisfy(l -> assertThat(l).matches("\\[ *[0-9.]+s] daily-sales +SUCCEEDED .*"));
        assertThat(out).contains("Alerts:  1 received by the webhook");
        assertThat(out).anySatisfy(l -> assertThat(l).contains("ERROR Pipeline 'returns'", "FAILED: Glue.JobFailed"));
        assertThat(printed).contains("Status table (sluice_status", "retail.orders", "Where to look next:");
        assertThat(out).as("the failed run links its job's log").anySatisfy(l -> assertThat(l).matches("  job log: .*jr_[0-9a-f]+/log\\.txt"));
        assertThat(out).contains("The runtime stays up (--serve) with the runs above; Ctrl-C stops it and removes "
                + Path.of(out.getFirst().replaceFirst("^.*, in ", "")) + ".");
    }

    /** What --serve leaves up: the console, the API with the four runs, the warehouse; returns the PostgreSQL URL's file. */
    private static Path whatStaysUp(List<String> out) throws Exception {
        String printed = String.join("\n", out);
        String base = out.stream().map(CONSOLE::matcher).filter(Matcher::matches).findFirst().orElseThrow(() ->
                new AssertionError("no console address in:\n" + printed)).group(1);
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> console = http.send(HttpRequest.newBuilder(URI.create(base + "/console/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(console.statusCode()).isEqualTo(200);
        assertThat(console.body()).containsIgnoringCase("<html");

        JsonNode runs = Json.parse(http.send(HttpRequest.newBuilder(URI.create(base + "/v1/executions?partition=2026-11-29")).build(),
                HttpResponse.BodyHandlers.ofString()).body()).get("executions");
        List<String> finished = new ArrayList<>();
        runs.forEach(r -> finished.add(r.get("pipeline").asText() + " " + r.get("status").asText()));
        assertThat(finished).as("the demo's runs, still there to look at").containsExactlyInAnyOrder(
                "orders SUCCEEDED", "customers SUCCEEDED", "daily-sales SUCCEEDED", "returns FAILED");

        Path pgUrl = Path.of(out.stream().map(PG_URL_FILE::matcher).filter(Matcher::matches).findFirst().orElseThrow(() ->
                new AssertionError("no status table hint in:\n" + printed)).group(1));
        String password = Files.readString(pgUrl).replaceFirst("(?s)^.*[?&]password=([^&\\s]+).*$", "$1");
        assertThat(password).as("the file holds the URL with its password").hasSizeGreaterThan(8);
        assertThat(printed).as("the password stays in the file").doesNotContain(password);
        assertThat(Files.getPosixFilePermissions(pgUrl)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
        try (Connection c = DriverManager.getConnection(Files.readString(pgUrl).strip());
             ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM retail.orders")) {
            rs.next();
            assertThat(rs.getLong(1)).as("the warehouse stays up with its rows").isPositive();
        }
        return pgUrl;
    }

    private static long dataRows(Path dataDir, String source) throws IOException {
        try (var lines = Files.lines(dataDir.resolve("drop/" + source + "/2026-11-29.csv"))) {
            return lines.count() - 1;
        }
    }
}
