package io.sluice.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9, findings 2 and 3: whatever its arguments, and whatever its script says, a job reads and
 * writes only the files of the data folder, and an argument never becomes SQL. Two tenants share the
 * store, as they do on one server: {@code a} must not reach {@code b}'s rows, and nothing may land
 * beside the store.
 */
class JobConfinementTest {
    @TempDir
    Path dir;
    Path scripts;
    Path store;
    Path outside;
    DuckDbJobEngine engine;
    final AtomicInteger tokens = new AtomicInteger();

    @BeforeEach
    void setUp() throws Exception {
        scripts = Files.createDirectories(dir.resolve("jobs"));
        store = Files.createDirectories(dir.resolve("data"));
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.createDirectories(store.resolve("raw/a"));
        Files.createDirectories(store.resolve("raw/b"));
        Files.writeString(store.resolve("raw/a/2026-01-01.csv"), "id,secret\na1,mine\n");
        Files.writeString(store.resolve("raw/b/2026-01-01.csv"), "id,secret\nb1,b-private\n");
        Files.writeString(outside.resolve("secret.csv"), "token\nhunter2\n");
        // Tenant a's job, as its config runs it: its own folders, the partition from the run.
        Files.writeString(scripts.resolve("a-enrich.sql"), """
                -- enrich a's rows for ${partition}
                COPY (SELECT * FROM read_csv('${store}/raw/a/${partition}.csv')) TO '${store}/enriched/a/${partition}.parquet' (FORMAT parquet);
                """);
        engine = new DuckDbJobEngine(new JobEngineSettings(scripts, store, dir.resolve("work"), 1, Duration.ofSeconds(5)), run -> {},
                Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        engine.close();
    }

    private JobRun run(String job, Map<String, String> args) {
        JobRun run = engine.start(new JobRequest(job, "t-" + tokens.incrementAndGet(), args));
        return await().atMost(Duration.ofSeconds(60)).until(() -> engine.status(run.runId()).orElseThrow(), JobRun::finished);
    }

    private JobRun script(String sql, Map<String, String> args) throws Exception {
        String job = "job-" + tokens.incrementAndGet();
        Files.writeString(scripts.resolve(job + ".sql"), sql);
        return run(job, args);
    }

    private Stream<Path> filesBesideTheStore() throws Exception {
        return Files.walk(dir).filter(Files::isRegularFile)
                .filter(f -> !f.startsWith(store) && !f.startsWith(scripts) && !f.startsWith(dir.resolve("work")))
                .filter(f -> !f.equals(outside.resolve("secret.csv")));
    }

    @Test
    void theTenantsOwnPartitionRuns() {
        JobRun ok = run("a-enrich", Map.of("partition", "2026-01-01"));
        assertThat(ok.state()).as(ok.error()).isEqualTo(JobRun.State.SUCCEEDED);
        assertThat(store.resolve("enriched/a/2026-01-01.parquet")).exists();
    }

    @Test
    void aPartitionThatClimbsIntoAnotherTenantsFolderReadsAndWritesNothing() throws Exception {
        JobRun run = run("a-enrich", Map.of("partition", "../b/2026-01-01"));
        assertThat(run.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(run.error()).contains("'partition'", "'..'");
        assertThat(store.resolve("enriched")).doesNotExist();
        assertThat(Files.readString(store.resolve("raw/b/2026-01-01.csv"))).contains("b-private");

        JobRun out = run("a-enrich", Map.of("partition", "../../../../outside/secret"));
        assertThat(out.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(filesBesideTheStore()).isEmpty();
    }

    @Test
    void aNewlineInAValueCannotLeaveTheCommentItStandsIn() throws Exception {
        String injected = "2026-01-01\nCOPY (SELECT * FROM read_csv($$" + outside.resolve("secret.csv") + "$$)) TO $$" + outside.resolve("pwned.csv")
                + "$$ (HEADER);\nCOPY (SELECT 1 AS one) TO $$" + store.resolve("pwned.csv") + "$$ (HEADER);\n--";
        JobRun run = run("a-enrich", Map.of("partition", injected));
        assertThat(run.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(run.error()).contains("'partition'", "control character (U+000A");
        assertThat(store.resolve("pwned.csv")).as("no injected statement ran").doesNotExist();
        assertThat(filesBesideTheStore()).isEmpty();
        assertThat(Files.readString(dir.resolve(run.logLocation()))).doesNotContain("pwned");
    }

    @Test
    void aValueOutsideAnyLiteralIsALiteralNotCode() throws Exception {
        JobRun run = script("COPY (SELECT ${n} AS v) TO '${store}/v.csv' (HEADER);",
                Map.of("n", "1 AS v) TO '" + outside.resolve("x.csv") + "' (HEADER); SELECT (1"));
        assertThat(run.state()).as(run.error()).isEqualTo(JobRun.State.SUCCEEDED);
        assertThat(Files.readString(store.resolve("v.csv"))).contains(outside.resolve("x.csv").toString());
        assertThat(filesBesideTheStore()).isEmpty();
    }

    @Test
    void aScriptCannotReadOrWriteOutsideTheStoreNorUndoTheLimit() throws Exception {
        String secret = outside.resolve("secret.csv").toString();
        JobRun read = script("CREATE TABLE s AS SELECT * FROM read_csv('" + secret + "');", Map.of());
        assertThat(read.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(read.error()).contains("Permission Error", "${store}/<key>");
        JobRun climb = script("CREATE TABLE s AS SELECT * FROM read_csv('${store}/../outside/secret.csv');", Map.of());
        assertThat(climb.state()).isEqualTo(JobRun.State.FAILED);
        JobRun write = script("COPY (SELECT 1 AS a) TO '" + outside.resolve("w.csv") + "' (HEADER);", Map.of());
        assertThat(write.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(write.error()).contains("outside the data folder");
        JobRun dollar = script("COPY (SELECT 1 AS a) TO $$" + outside.resolve("d.csv") + "$$ (HEADER);", Map.of());
        assertThat(dollar.state()).isEqualTo(JobRun.State.FAILED);
        JobRun relative = script("COPY (SELECT 1 AS a) TO 'raw/r.csv' (HEADER);", Map.of());
        assertThat(relative.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(relative.error()).contains("relative name", "'${store}/raw/r.csv'");
        JobRun unlock = script("SET enable_external_access = true;\nCOPY (SELECT * FROM read_csv('" + secret + "')) TO $$"
                + outside.resolve("u.csv") + "$$ (HEADER);", Map.of());
        assertThat(unlock.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(unlock.error()).contains("locked");
        JobRun attach = script("ATTACH '" + outside.resolve("x.duckdb") + "' AS x;", Map.of());
        assertThat(attach.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(filesBesideTheStore()).isEmpty();
    }
}
