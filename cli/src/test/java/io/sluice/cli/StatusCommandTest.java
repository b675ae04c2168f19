package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.postgres.status.PostgresStatusStore;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code sluice status} against a database of the test's own. */
class StatusCommandTest {
    static final Instant T0 = Instant.parse("2026-11-30T02:00:00Z");
    static TestDatabase db;

    @TempDir
    Path dir;

    @BeforeAll
    static void rows() {
        db = PostgresTestServer.shared().createDatabase("status-command");
        PostgresStatusStore store = new PostgresStatusStore(db.dataSource());
        store.upsert(new StatusRecord("orders:a", "orders", "2026-11-29", RunState.SUCCEEDED, 0, T0, T0.plusMillis(2300), null, 40_000L,
                null, "sha256:1", null));
        store.upsert(new StatusRecord("returns:a", "returns", "2026-11-29", RunState.FAILED, 0, T0.plusSeconds(1), T0.plusSeconds(5), null,
                null, "Glue.JobFailed: CSV Error on Line: 402", null, null));
        store.upsert(new StatusRecord("orders:b", "orders", "2026-11-28", RunState.SUCCEEDED, 0, T0.minusSeconds(86_400),
                T0.minusSeconds(86_000), null, 39_000L, null, null, null));
    }

    @AfterAll
    static void drop() {
        db.close();
    }

    private static String[] run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new String[] {String.valueOf(exit), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void printsTheStatusTableNewestFirstFilteredByPipelineAndPartition() {
        String[] all = run(Map.of("SLUICE_PG_URL", db.jdbcUrl()), "status");
        assertThat(all[0]).isEqualTo("0");
        assertThat(all[1].lines().toList()).hasSize(4);
        assertThat(all[1].lines().findFirst().orElseThrow()).startsWith("PIPELINE  PARTITION   STATE      STARTED");
        assertThat(all[1].lines().skip(1).map(l -> l.split("\\s+")[0]).toList()).containsExactly("returns", "orders", "orders");
        assertThat(all[1]).contains("40,000", "2.3", "Glue.JobFailed: CSV Error on Line: 402");

        String[] one = run(Map.of("SLUICE_PG_URL", db.jdbcUrl()), "status", "--pipeline", "orders", "--partition", "2026-11-29", "--json");
        JsonNode rows = Json.parse(one[1]);
        assertThat(rows.isArray()).isTrue();
        assertThat(rows).singleElement().satisfies(r -> assertThat(r.get("rowsOut").asLong()).isEqualTo(40_000));
        assertThat(run(Map.of("SLUICE_PG_URL", db.jdbcUrl()), "status", "--pipeline", "nope", "--json")[1]).isEqualTo("[]\n");
        assertThat(run(Map.of("SLUICE_PG_URL", db.jdbcUrl()), "status", "--pipeline", "nope")[1]).isEqualTo("no runs of nope in sluice_status\n");
    }

    @Test
    void withoutAPostgresToReadItSaysWhatToSet() {
        String[] none = run(Map.of(), "status");
        assertThat(none[0]).isEqualTo("1");
        assertThat(none[2]).contains("set SLUICE_PG_URL");
    }

    @Test
    void theEmbeddedServersPortIsReadFromItsPidFile() throws Exception {
        Files.writeString(dir.resolve("postmaster.pid"), "4242\n/data\n1764470000\n35013\n/tmp\n127.0.0.1\n");
        assertThat(StatusCommand.embeddedPort(dir)).hasValue(35013);
        assertThat(StatusCommand.embeddedPort(dir.resolve("absent"))).isEmpty();
    }

    /**
     * What {@code sluice status} meets beside a running {@code sluice serve}: the embedded server that serve starts on
     * {@code .sluice/pg}, which asks every connection for the password it generated into {@code .sluice/pg.password}.
     */
    @Test
    void readsTheEmbeddedServerOfAServeInThisFolderWithThePasswordItGenerated() {
        Path data = dir.resolve(".sluice").resolve("pg");
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(new EmbeddedPostgres.Settings(data, 0, Duration.ofSeconds(60)))) {
            assertThat(dir.resolve(".sluice/pg.password")).exists();
            new PostgresStatusStore(pg.dataSource()).upsert(new StatusRecord("orders:c", "orders", "2026-11-27", RunState.SUCCEEDED, 0,
                    T0, T0.plusSeconds(3), null, 12_345L, null, null, null));

            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = new CommandLine(new StatusCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), data)).execute("--pipeline", "orders");

            assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
            assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("2026-11-27", "12,345");
        }
    }
}
