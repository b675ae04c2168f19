package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.BufferedReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code sluice demo --serve} (issue 35): the demo ends where work happens. After its report and JSON line the runtime
 * stays up in the demo's own JVM: the console answers at the address printed, the API lists the four runs, the warehouse
 * holds the loaded rows; Ctrl-C (SIGTERM here) stops every server it started and removes its folder.
 */
class DemoServeTest {
    private static final Pattern CONSOLE = Pattern.compile("^  web console +(http://127\\.0\\.0\\.1:\\d+)/console/$");
    private static final Pattern PG_URL_FILE = Pattern.compile("^  status table +SLUICE_PG_URL=\\$\\(cat (\\S+)\\) \\./sluice status .*");

    @Test
    void theDemoLeavesItsRuntimeConsoleAndWarehouseUpUntilStopped() throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "-Dsluice.home=" + DemoCommandTest.ROOT));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SluiceCli.class.getName(), "demo", "--serve", "--port", "0",
                "--plain"));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(k -> k.startsWith("SLUICE_"));
        Process demo = builder.start();
        Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
        List<String> out = new CopyOnWriteArrayList<>();
        StringBuffer err = new StringBuffer();
        Thread.ofVirtual().start(() -> demo.errorReader(StandardCharsets.UTF_8).lines().forEach(l -> err.append(l).append('\n')));
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = demo.inputReader(StandardCharsets.UTF_8)) {
                r.lines().forEach(out::add);
            } catch (java.io.IOException e) {
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
            assertThat(Json.parse(out.getLast()).get("succeeded").asInt()).as(printed).isEqualTo(3);
            assertThat(out).contains("The runtime stays up (--serve) with the runs above; Ctrl-C stops it and removes "
                    + Path.of(out.getFirst().replaceFirst("^.*, in ", "")) + ".");

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
            assertThat(Files.getPosixFilePermissions(pgUrl)).containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
                    java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
            try (Connection c = DriverManager.getConnection(Files.readString(pgUrl).strip());
                 ResultSet rs = c.createStatement().executeQuery("SELECT count(*) FROM retail.orders")) {
                rs.next();
                assertThat(rs.getLong(1)).as("the warehouse stays up with its rows").isPositive();
            }

            demo.destroy(); // SIGTERM, as Ctrl-C: the demo's shutdown hook stops what it started
            assertThat(demo.waitFor(60, TimeUnit.SECONDS)).as("the demo ends when told to").isTrue();
            assertThat(children).as("the demo started servers of its own").isNotEmpty();
            await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(children).as("and none outlives it")
                    .noneMatch(ProcessHandle::isAlive));
            assertThat(pgUrl.getParent()).as("its folder is removed").doesNotExist();
        } finally {
            if (demo.isAlive()) {
                demo.descendants().forEach(ProcessHandle::destroyForcibly);
                demo.destroyForcibly();
            }
        }
    }
}
