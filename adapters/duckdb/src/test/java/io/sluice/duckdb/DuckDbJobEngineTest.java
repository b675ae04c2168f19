package io.sluice.duckdb;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.contract.JobLauncherContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** The JobLauncher contract on the DuckDB engine: real DuckDB, real files. */
class DuckDbJobEngineTest extends JobLauncherContract {
    @TempDir
    Path dir;
    private DuckDbJobEngine engine;

    @Override
    protected JobLauncher createLauncher(Consumer<JobRun> completions) {
        try {
            Path scripts = Files.createDirectories(dir.resolve("jobs"));
            Files.writeString(scripts.resolve(SUCCEEDS + ".sql"), "CREATE TABLE t AS SELECT range AS n FROM range(10);\nSELECT sum(n) FROM t;");
            Files.writeString(scripts.resolve(FAILS + ".sql"), "SELECT * FROM no_such_table;");
            engine = new DuckDbJobEngine(JobEngineSettings.of(scripts, Files.createDirectories(dir.resolve("store")), dir.resolve("work")),
                    completions, Clock.systemUTC());
            return engine;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() {
        engine.close();
    }
}
