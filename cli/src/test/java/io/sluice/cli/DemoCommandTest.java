package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.cli.demo.RetailData;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice demo} end to end, as a user runs it: its own JVM, nothing but the JDK (every server
 * embedded: Redis (queues included), PostgreSQL, SFTP, the HTTP receiver), its output through a pipe. The
 * JSON summary, the planted failure and its single alert, the warehouse's rows against the sample data,
 * and that nothing it started outlives it, neither a process nor its folder.
 */
class DemoCommandTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Finished(int exit, List<String> out, String err, Set<ProcessHandle> children) {}

    private static Finished runDemo() throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED", "-Dsluice.home=" + ROOT));
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SluiceCli.class.getName(), "demo"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(false);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("SLUICE_"));  // a fresh machine: no servers named
        Process demo = builder.start();
        Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
        Thread watcher = Thread.ofVirtual().start(() -> {
            while (demo.isAlive()) {
                demo.descendants().forEach(children::add);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        var err = demo.errorReader(StandardCharsets.UTF_8);
        StringBuffer errText = new StringBuffer();
        Thread errReader = Thread.ofVirtual().start(() -> err.lines().forEach(l -> errText.append(l).append('\n')));
        List<String> out = demo.inputReader(StandardCharsets.UTF_8).lines().toList();
        boolean ended = demo.waitFor(90, TimeUnit.SECONDS);
        if (!ended) {
            demo.descendants().forEach(ProcessHandle::destroyForcibly);
            demo.destroyForcibly();
        }
        watcher.join();
        errReader.join(Duration.ofSeconds(5));
        return new Finished(ended ? demo.exitValue() : -1, out, errText.toString(), children);
    }

    @Test
    void theDemoRunsTheRetailPipelinesAndEndsWithItsJsonSummary() throws Exception {
        Finished run = runDemo();
        String printed = String.join("\n", run.out());
        assertThat(run.exit()).as(printed + "\n" + run.err()).isZero();

        JsonNode summary = Json.parse(run.out().getLast());
        JsonNode lineage = summary.get("lineage");
        assertThat(lineage.get("objects:enriched/orders/").get("written_by").toString()).isEqualTo("[\"orders\"]");
        assertThat(lineage.get("objects:enriched/orders/").get("read_by").toString()).as("the export's unload reads it").isEqualTo("[\"daily-sales\"]");
        assertThat(lineage.get("warehouse:retail.orders").get("written_by").toString()).isEqualTo("[\"orders\"]");
        assertThat(lineage.get("export:partner-api").get("written_by").toString()).isEqualTo("[\"daily-sales\"]");
        JsonNode bytes = summary.get("redis_bytes_per_execution");
        assertThat(bytes.fieldNames()).toIterable().containsExactlyInAnyOrder("orders", "customers", "returns", "daily-sales");
        bytes.forEach(b -> assertThat(b.asLong()).as("an execution's hash and history").isGreaterThan(1000));
        RetailData.Written sample = new RetailData(DemoCommand.SEED, LocalDate.of(2026, 11, 29), RetailData.Size.DEMO).write(dir);
        ((com.fasterxml.jackson.databind.node.ObjectNode) summary).remove(java.util.List.of("redis_bytes_per_execution", "lineage"));
        assertThat(summary).isEqualTo(Json.parse("""
                {"succeeded": 3, "failed": 1,
                 "warehouse_rows": {"retail.customers": %d, "retail.orders": %d, "retail.returns": 0},
                 "exported": 2}""".formatted(dataRows(dir, "customers"), dataRows(dir, "orders"))));
        assertThat(dataRows(dir, "orders")).isEqualTo(sample.orders());

        assertThat(run.out()).as("plain output through a pipe").noneMatch(l -> l.contains("\033"));
        assertThat(run.out()).anySatisfy(l -> assertThat(l).matches("\\[ *[0-9.]+s] returns +FAILED +Glue\\.JobFailed: .*"
                + "CSV Error on Line: " + sample.badReturnsLine() + ".*Expected Number of Columns: 5 Found: 6.*"));
        assertThat(run.out()).anySatisfy(l -> assertThat(l).matches("\\[ *[0-9.]+s] daily-sales +SUCCEEDED .*"));
        assertThat(run.out()).contains("Alerts:  1 received by the webhook");
        assertThat(run.out()).anySatisfy(l -> assertThat(l).contains("ERROR Pipeline 'returns'", "FAILED: Glue.JobFailed"));
        assertThat(printed).contains("Status table (sluice_status", "retail.orders", "Where to look next:");
        assertThat(run.out()).as("the failed run links its job's log").anySatisfy(l -> assertThat(l).matches("  job log: .*jr_[0-9a-f]+/log\\.txt"));

        assertThat(run.children()).as("the demo started servers of its own").isNotEmpty();
        // PostgreSQL's backends end a moment after the server has been told to stop.
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(run.children()).as("and none outlives it")
                .noneMatch(ProcessHandle::isAlive));
        Path folder = Path.of(run.out().getFirst().replaceFirst("^.*, in ", ""));
        assertThat(folder.getFileName().toString()).startsWith("sluice-demo-");
        assertThat(folder).doesNotExist();
    }

    private static long dataRows(Path dataDir, String source) throws IOException {
        try (var lines = Files.lines(dataDir.resolve("drop/" + source + "/2026-11-29.csv"))) {
            return lines.count() - 1;
        }
    }
}
