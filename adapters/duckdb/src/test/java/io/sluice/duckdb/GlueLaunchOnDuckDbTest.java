package io.sluice.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.time.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The glue-launch function on the DuckDB engine: .sync waits for the run; a repeated task never starts a second run. */
class GlueLaunchOnDuckDbTest {
    static final io.sluice.functions.tenancy.Owner ORDERS = new io.sluice.functions.tenancy.Owner.Platform("orders", "orders:2026-11-29");

    @TempDir
    Path dir;
    Path store;
    final JobCompletions completions = new JobCompletions();
    final List<JobRun> ended = new CopyOnWriteArrayList<>();
    final ManualClock clock = new ManualClock(Instant.parse("2026-11-29T06:00:00Z"));
    /** How often the task read a run's status: once when it starts waiting, and once more for every poll. */
    final AtomicInteger statusReads = new AtomicInteger();
    DuckDbJobEngine engine;
    GlueLaunch glue;

    @BeforeEach
    void setUp() throws Exception {
        Path scripts = Files.createDirectories(dir.resolve("jobs"));
        store = Files.createDirectories(dir.resolve("store"));
        Files.writeString(store.resolve("orders.csv"), "id,amount\n1,10\n2,20\n");
        Files.writeString(scripts.resolve("load.sql"),
                "COPY (SELECT id, amount * 2 AS doubled FROM read_csv('${store}/${input}')) TO '${store}/${output}' (FORMAT parquet);");
        Files.writeString(scripts.resolve("broken.sql"), "SELECT nope FROM read_csv('${store}/${input}');");
        engine = new DuckDbJobEngine(JobEngineSettings.of(scripts, store, dir.resolve("work")), run -> {
            ended.add(run);
            completions.accept(run);
        }, clock);
        JobLauncher counted = new JobLauncher() {
            @Override
            public JobRun start(JobRequest request) {
                return engine.start(request);
            }

            @Override
            public Optional<JobRun> status(String runId) {
                statusReads.incrementAndGet();
                return engine.status(runId);
            }
        };
        // A long poll interval: the run's completion, not polling, must wake the task.
        glue = new GlueLaunch(counted, completions, new Backoff(Duration.ofSeconds(30), 2.0, Duration.ofSeconds(60), 0), clock);
    }

    @AfterEach
    void tearDown() {
        engine.close();
    }

    private static JsonNode input(String job) {
        return Json.parse("{\"JobName\": \"" + job + "\", \"Arguments\": {\"--input\": \"orders.csv\", \"--output\": \"out.parquet\"}}");
    }

    private static TaskContext sync(String token) {
        return new TaskContext(token, "orders:2026-11-29", "Load", IntegrationPattern.SYNC, null, ORDERS);
    }

    private long runDirectories() throws Exception {
        try (Stream<Path> runs = Files.list(dir.resolve("work/runs"))) {
            return runs.filter(p -> p.getFileName().toString().startsWith("jr_")).count();
        }
    }

    @Test
    void syncReturnsWhenTheRunEndsAndTheSameTaskAgainFindsThatRun() throws Exception {
        JsonNode first = glue.apply(input("load"), sync("orders:2026-11-29.0.3.0"));
        assertThat(statusReads).as("the status read when the wait began, and no poll: the run's completion ended the wait")
                .hasValue(1);
        assertThat(first.get("JobRunState").asText()).isEqualTo("SUCCEEDED");
        assertThat(Files.exists(store.resolve("out.parquet"))).isTrue();
        assertThat(dir.resolve(first.get("LogLocation").asText())).exists();
        assertThat(first.get("RowsWritten").asLong()).as("rows the COPY wrote").isEqualTo(2);

        JsonNode again = glue.apply(input("load"), sync("orders:2026-11-29.0.3.0"));
        assertThat(again.get("Id").asText()).isEqualTo(first.get("Id").asText());
        assertThat(again.get("RowsWritten").asLong()).as("read back from the run's record").isEqualTo(2);
        assertThat(runDirectories()).isEqualTo(1);
        assertThat(ended).hasSize(1);
        assertThat(completions.waiting()).isZero();
    }

    @Test
    void aRetryAttemptHasANewTokenAndSoANewRun() throws Exception {
        String a = glue.apply(input("load"), sync("orders:2026-11-29.0.3.0")).get("Id").asText();
        String b = glue.apply(input("load"), sync("orders:2026-11-29.0.3.1")).get("Id").asText();
        assertThat(a).isNotEqualTo(b);
        assertThat(runDirectories()).isEqualTo(2);
    }

    @Test
    void tenDeliveriesOfOneTaskAtOnceShareOneRun() throws Exception {
        List<String> ids = Concurrently.run(10, () -> glue.apply(input("load"), sync("orders:2026-11-29.0.4.0")).get("Id").asText());
        assertThat(ids).containsOnly(ids.getFirst());
        assertThat(runDirectories()).isEqualTo(1);
        assertThat(ended).hasSize(1);
    }

    @Test
    void aFailedRunIsGlueJobFailedWithTheSqlError() {
        assertThatThrownBy(() -> glue.apply(input("broken"), sync("orders:2026-11-29.0.5.0")))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo(GlueLaunch.JOB_FAILED);
                    JobRunJson.Described run = JobRunJson.fromCause(e.getMessage()).orElseThrow();
                    assertThat(run.state()).isEqualTo("FAILED");
                    assertThat(run.errorMessage()).contains("nope");
                    assertThat(dir.resolve(run.logLocation())).exists().content().contains("nope");
                });
    }

    @Test
    void withoutSyncTheRunIsReturnedAtOnce() {
        JsonNode started = glue.apply(input("load"), new TaskContext("orders:2026-11-29.0.6.0", "orders:2026-11-29", "Load",
                IntegrationPattern.REQUEST_RESPONSE, null, ORDERS));
        assertThat(started.get("Id").asText()).startsWith("jr_");
        assertThat(started.get("JobRunState").asText()).isIn("RUNNING", "SUCCEEDED");
    }
}
