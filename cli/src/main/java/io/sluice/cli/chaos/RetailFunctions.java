package io.sluice.cli.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.duckdb.DuckDbJobEngine;
import io.sluice.duckdb.JobEngineSettings;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.dependency.DependencyCheck;
import io.sluice.functions.task.dependency.DependencyRelease;
import io.sluice.functions.task.export.PushExport;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.functions.task.status.WriteStatus;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.config.EnvOrFileSecretResolver;
import io.sluice.local.config.PipelineConfigStore;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.postgres.warehouse.BatchSource;
import io.sluice.postgres.warehouse.PostgresWarehouse;
import io.sluice.redis.RedisDependencyIndex;
import io.sluice.redis.RedisExportLedger;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.transfer.export.ConfiguredExporters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;
import org.redisson.api.RedissonClient;

/**
 * The six task functions of the retail example's pattern pipelines, wired in a worker node as the local runtime wires
 * them ({@code DataFunctions}, {@code DataBackends}): read-config over the drill's copy of the example's configs, glue-launch
 * on the DuckDB job engine (a work folder per node: one engine owns a folder), copy-to-warehouse and write-status on the
 * drill's PostgreSQL (its connections carry the drill's application name, so the warehouse pause drops them), push-export
 * to the drill's partner (HTTP and SFTP) with the Redis export ledger, dependency-check on the Redis dependency index.
 * {@link #release} is the events process's half of the dependency check: it wakes waiting exports when an upstream succeeds.
 */
final class RetailFunctions {
    static final List<String> NAMES = List.of(ReadConfig.NAME, "glue-launch", CopyToWarehouse.NAME, "push-export", WriteStatus.NAME,
            "dependency-check");

    private RetailFunctions() {}

    /** The folders of the drill's retail copy under {@code root}; {@code scripts} is the example's {@code jobs/}. */
    record Folders(Path root, Path scripts) {
        Path data() {
            return root.resolve("data");
        }

        Path pipelines() {
            return root.resolve("pipelines");
        }

        Path configs() {
            return root.resolve("configs");
        }

        Path secrets() {
            return root.resolve("secrets");
        }

        Path knownHosts() {
            return root.resolve("known_hosts");
        }

        /** The outbound allow-list, one entry a line (DemoWorkspace#allowedHosts); none when absent. */
        List<String> allowedHosts() {
            Path file = root.resolve("allowed-hosts");
            try {
                return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::strip)
                        .filter(l -> !l.isEmpty()).toList() : List.of();
            } catch (IOException e) {
                throw new UncheckedIOException("Could not read " + file, e);
            }
        }

        Path jobRuns(String node) {
            return root.resolve("job-runs").resolve(node);
        }
    }

    static Map<String, Function<JsonNode, JsonNode>> of(Folders folders, String node, DataSource pg, RedissonClient redis, String prefix,
                                                         TaskQueue queue, TimerIndex timers, QueueNames names, Clock clock) {
        FolderObjectStore objects = new FolderObjectStore(folders.data());
        EnvOrFileSecretResolver secrets = new EnvOrFileSecretResolver(Map.of(), folders.secrets());
        Tenancy tenancy = Tenancy.SINGLE;
        JobCompletions completions = new JobCompletions();
        DuckDbJobEngine engine = new DuckDbJobEngine(JobEngineSettings.of(folders.scripts(), folders.data(), folders.jobRuns(node)),
                completions, clock);
        ConfiguredExporters targets = new ConfiguredExporters(ConfiguredExporters.Settings.defaults(folders.knownHosts()),
                OutboundPolicy.allowing(folders.allowedHosts()), new RedisTokenBucket(redis, prefix), clock, Sleeper.REAL);
        PipelineConfigStore configs = new PipelineConfigStore(folders.configs(), folders.pipelines());
        return Map.of(
                ReadConfig.NAME, new ReadConfig(configs, secrets, tenancy,
                        ClasspathPatternResources.patterns()),
                "glue-launch", new GlueLaunch(engine, completions, new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(4), 0), clock, configs),
                CopyToWarehouse.NAME, new CopyToWarehouse(new PostgresWarehouse(pg, BatchSource.filesOr(objects)), configs, clock),
                WriteStatus.NAME, new WriteStatus(new PostgresStatusStore(pg), clock),
                "push-export", new PushExport(Map.of(), targets, configs, objects, new RedisExportLedger(redis, prefix), clock,
                        new ScopedSecrets(secrets)),
                "dependency-check", new DependencyCheck(new RedisDependencyIndex(redis, prefix), timers, queue, names, clock,
                        Duration.ofDays(1), tenancy));
    }

    /** Wakes the exports waiting for an upstream that succeeded (a completion handler of the events process). */
    static DependencyRelease release(RedissonClient redis, String prefix, TimerIndex timers, TaskQueue queue, QueueNames names, Clock clock) {
        return new DependencyRelease(new RedisDependencyIndex(redis, prefix), timers, queue, names, clock, Duration.ofDays(30));
    }
}
