package io.sluice.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the DuckDB engine does beyond the contract: real formats in and out, logs, arguments, restarts. */
class DuckDbJobsTest {
    @TempDir
    Path dir;
    Path scripts;
    Path store;
    final List<JobRun> completions = new CopyOnWriteArrayList<>();
    DuckDbJobEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        scripts = Files.createDirectories(dir.resolve("jobs"));
        store = Files.createDirectories(dir.resolve("store"));
        Files.createDirectories(store.resolve("raw/2026-11-29"));
        Files.writeString(store.resolve("raw/2026-11-29/orders.csv"), "order_id,customer,amount\n1,c1,10.5\n2,c2,20\n3,c1,4.5\n");
        Files.writeString(store.resolve("raw/2026-11-29/customers.json"), "[{\"id\":\"c1\",\"country\":\"FR\"},{\"id\":\"c2\",\"country\":\"DE\"}]");
        engine = engine();
    }

    private DuckDbJobEngine engine() {
        return new DuckDbJobEngine(new JobEngineSettings(scripts, store, dir.resolve("work"), 1, Duration.ofSeconds(5)),
                completions::add, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        engine.close();
    }

    private JobRun runToEnd(String job, String token, Map<String, String> args) {
        JobRun run = engine.start(new JobRequest(job, token, args));
        return await().atMost(Duration.ofSeconds(60)).until(() -> engine.status(run.runId()).orElseThrow(), JobRun::finished);
    }

    @Test
    void aCopyToANewFolderOfTheStoreMakesTheFolder() throws Exception {
        Files.writeString(scripts.resolve("land.sql"), """
                -- a comment before the COPY, as scripts begin
                COPY (SELECT * FROM read_csv('${store}/raw/2026-11-29/orders.csv')) TO '${store}/landing/orders/${partition}.csv' (HEADER);
                """);
        JobRun run = runToEnd("land", "t-folder", Map.of("partition", "2026-11-29"));
        assertThat(run.state()).as(run.error()).isEqualTo(JobRun.State.SUCCEEDED);
        assertThat(Files.readAllLines(store.resolve("landing/orders/2026-11-29.csv"))).hasSize(4).startsWith("order_id,customer,amount");
    }

    @Test
    void readsCsvAndJsonWritesParquetAndTheNextJobReadsIt() throws Exception {
        Files.writeString(scripts.resolve("enrich.sql"), """
                -- join orders with customers; files are named from the store's root
                CREATE TABLE orders AS SELECT * FROM read_csv('${store}/${input}');
                CREATE TABLE customers AS SELECT * FROM read_json('${store}/raw/2026-11-29/customers.json');
                COPY (SELECT o.order_id, o.amount, c.country FROM orders o JOIN customers c ON o.customer = c.id ORDER BY o.order_id)
                  TO '${store}/${output}' (FORMAT parquet);
                """);
        Files.writeString(scripts.resolve("totals.sql"), """
                COPY (SELECT country, sum(amount) AS total FROM read_parquet('${store}/${input}') GROUP BY country ORDER BY country)
                  TO '${store}/${output}' (FORMAT parquet);
                """);
        Files.createDirectories(store.resolve("enriched/2026-11-29"));
        JobRun enrich = runToEnd("enrich", "exec:1.0.1.0", Map.of("input", "raw/2026-11-29/orders.csv", "output", "enriched/2026-11-29/orders.parquet"));
        assertThat(enrich.state()).as(enrich.error()).isEqualTo(JobRun.State.SUCCEEDED);
        JobRun totals = runToEnd("totals", "exec:1.0.2.0", Map.of("input", "enriched/2026-11-29/orders.parquet", "output", "enriched/2026-11-29/totals.parquet"));
        assertThat(totals.state()).as(totals.error()).isEqualTo(JobRun.State.SUCCEEDED);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             ResultSet rs = c.createStatement().executeQuery("SELECT country, total FROM read_parquet('"
                     + store.resolve("enriched/2026-11-29/totals.parquet") + "') ORDER BY country")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("DE");
            assertThat(rs.getDouble(2)).isEqualTo(20.0);
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("FR");
            assertThat(rs.getDouble(2)).isEqualTo(15.0);
        }
        String log = Files.readString(dir.resolve(enrich.logLocation()));
        assertThat(log).contains("statement 3/3", "read_json", "run ended SUCCEEDED");
    }

    @Test
    void aSqlErrorFailsTheRunWithDuckDbsMessageInTheStatusAndTheLog() throws Exception {
        Files.writeString(scripts.resolve("broken.sql"), "CREATE TABLE t AS SELECT 1 AS a;\nSELECT missing_column FROM t;\nSELECT 'never';");
        JobRun run = runToEnd("broken", "exec:1.0.3.0", Map.of());
        assertThat(run.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(run.error()).contains("missing_column");
        // Shown in task errors, status rows and alerts: relative to the runtime's folders, no absolute server path.
        assertThat(run.logLocation()).isEqualTo("work/runs/" + run.runId() + "/log.txt").doesNotContain(dir.toString());
        assertThat(Files.readString(dir.resolve(run.logLocation()))).contains("statement 2/3", "run ended FAILED", "missing_column")
                .doesNotContain("statement 3/3");
    }

    @Test
    void aMissingArgumentFailsTheRunSayingWhichOne() throws Exception {
        Files.writeString(scripts.resolve("needs.sql"), "SELECT * FROM read_csv('${input}');");
        JobRun run = runToEnd("needs", "exec:1.0.4.0", Map.of());
        assertThat(run.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(run.error()).contains("${input}", "--input");
    }

    @Test
    void argumentsCannotEndTheirStringLiteral() throws Exception {
        Files.writeString(scripts.resolve("echo.sql"), "COPY (SELECT '${text}' AS t) TO '${store}/echo.parquet' (FORMAT parquet);");
        JobRun run = runToEnd("echo", "exec:1.0.5.0", Map.of("text", "it's'; DROP TABLE x; --"));
        assertThat(run.state()).as(run.error()).isEqualTo(JobRun.State.SUCCEEDED);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             ResultSet rs = c.createStatement().executeQuery("SELECT t FROM read_parquet('" + store.resolve("echo.parquet") + "')")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("it's'; DROP TABLE x; --");
        }
    }

    @Test
    void aRunLeftUnfinishedByADeadProcessIsFailedAtTheNextStartAndItsTokenStillFindsIt() throws Exception {
        Files.writeString(scripts.resolve("slow.sql"), "SELECT count(*) FROM range(1000000000) a, range(1000) b;");
        JobRun run = engine.start(new JobRequest("slow", "exec:1.0.6.0", Map.of()));
        engine.close(); // stops the run, as a dying process would leave it (its record is rewritten below)
        new RunDirectory(dir.resolve("work")).write(run);
        completions.clear();
        engine = engine();
        JobRun after = engine.status(run.runId()).orElseThrow();
        assertThat(after.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(after.error()).contains("stopped while this run was in progress");
        assertThat(completions).extracting(JobRun::runId).containsExactly(run.runId());
        assertThat(engine.start(new JobRequest("slow", "exec:1.0.6.0", Map.of())).runId()).isEqualTo(run.runId());
    }

    @Test
    void oneWorkDirectoryHasOneEngine() {
        assertThatThrownBy(this::engine).isInstanceOf(IllegalStateException.class).hasMessageContaining("Another job engine");
    }

    @Test
    void closingStopsARunningJob() throws Exception {
        Files.writeString(scripts.resolve("slow.sql"), "SELECT count(*) FROM range(1000000000) a, range(1000) b;");
        JobRun run = engine.start(new JobRequest("slow", "exec:1.0.7.0", Map.of()));
        await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(dir.resolve(run.logLocation()))
                && Files.readString(dir.resolve(run.logLocation())).contains("statement 1/1"));
        engine.close();
        assertThat(engine.status(run.runId()).orElseThrow().state()).isEqualTo(JobRun.State.STOPPED);
    }
}
