package io.sluice.duckdb;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where the local job engine finds things.
 *
 * @param scripts       directory of job scripts, one {@code <job>.sql} per job
 * @param store         root directory of the local object store, the only folder a job's DuckDB may read or write;
 *                      {@code ${store}} names it (name files as {@code '${store}/enriched/x.parquet'})
 * @param workDir       where runs and their logs are kept; one engine per directory
 * @param threadsPerRun DuckDB threads each run may use ({@code 0}: DuckDB's default, one per core)
 * @param stopGrace     how long {@code close()} waits for runs it stopped
 */
public record JobEngineSettings(Path scripts, Path store, Path workDir, int threadsPerRun, Duration stopGrace) {
    public JobEngineSettings {
        Objects.requireNonNull(scripts, "scripts");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(workDir, "workDir");
        if (threadsPerRun < 0) {
            throw new IllegalArgumentException("threadsPerRun must be 0 (DuckDB's default) or more; got " + threadsPerRun);
        }
        store = store.toAbsolutePath().normalize();
    }

    public static JobEngineSettings of(Path scripts, Path store, Path workDir) {
        return new JobEngineSettings(scripts, store, workDir, 0, Duration.ofSeconds(10));
    }
}
