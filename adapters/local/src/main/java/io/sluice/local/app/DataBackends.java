package io.sluice.local.app;

import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.embedded.RuntimeFolder;
import io.sluice.transfer.export.ConfiguredExporters;
import io.sluice.duckdb.DuckDbJobEngine;
import io.sluice.duckdb.JobEngineSettings;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.postgres.warehouse.BatchSource;
import io.sluice.postgres.warehouse.PostgresWarehouse;
import io.sluice.redis.RedisTokenBucket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the six task functions work on locally: the data folder as the object store, PostgreSQL
 * (the one {@code sluice.pg.url} names, else an embedded one) for the warehouse and the status
 * table, the DuckDB job engine, and the export targets' clients. Off with {@code sluice.data-functions=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sluice.data-functions", havingValue = "true", matchIfMissing = true)
public class DataBackends {
    private static final Logger LOG = LoggerFactory.getLogger(DataBackends.class);

    /** The configured server, or an embedded one stopped with the application. */
    @Bean(destroyMethod = "close")
    public EmbeddedPostgres postgres(SluiceLocalProperties properties, RuntimeFolder folder) {
        SluiceLocalProperties.Pg pg = properties.pg();
        Map<String, String> named = pg.url() == null || pg.url().isBlank() ? Map.of() : Map.of(EmbeddedPostgres.URL_VARIABLE, pg.url());
        Path data = pg.dataDir() == null || pg.dataDir().toString().isEmpty() ? null : pg.dataDir();
        if (named.isEmpty() && data != null && RuntimeConfiguration.durable(properties)) {
            folder.claim(); // before anything left over on the data folder is stopped
        }
        EmbeddedPostgres postgres = EmbeddedPostgres.configuredOrStarted(named, new EmbeddedPostgres.Settings(data, 0, Duration.ofSeconds(60)));
        postgres.leftOver().ifPresent(LOG::warn);
        LOG.info("PostgreSQL (warehouse, status table): {}", postgres);
        return postgres;
    }

    @Bean
    public FolderObjectStore objectStore(SluiceLocalProperties properties) {
        return new FolderObjectStore(properties.dataDir());
    }

    @Bean
    public PostgresStatusStore statusStore(EmbeddedPostgres postgres) {
        return new PostgresStatusStore(postgres.dataSource());
    }

    @Bean
    public PostgresWarehouse warehouse(EmbeddedPostgres postgres, FolderObjectStore objects) {
        return new PostgresWarehouse(postgres.dataSource(), BatchSource.filesOr(objects));
    }

    @Bean
    public JobCompletions jobCompletions() {
        return new JobCompletions();
    }

    /** Runs {@code <scripts-dir>/<job>.sql} over the data folder; in-progress runs are stopped on close. */
    @Bean(destroyMethod = "close")
    public DuckDbJobEngine jobEngine(SluiceLocalProperties properties, JobCompletions completions, Clock clock) {
        return new DuckDbJobEngine(JobEngineSettings.of(properties.scriptsDir(), properties.dataDir(), properties.jobRunsDir()),
                completions, clock);
    }

    /**
     * Export targets as configs describe them; their rate limits are shared through Redis. They reach only the hosts of
     * {@code sluice.integrations.http.allowed-hosts} (the list http:invoke uses), checked on the address connected to.
     */
    @Bean(destroyMethod = "close")
    public ConfiguredExporters exportTargets(SluiceLocalProperties properties, SluiceIntegrationProperties integrations,
                                             LocalBackends backends, Clock clock) {
        return new ConfiguredExporters(ConfiguredExporters.Settings.defaults(properties.export().knownHosts()),
                OutboundPolicy.allowing(integrations.http().allowedHosts()),
                new RedisTokenBucket(backends.redisson(), backends.redisKeyPrefix()), clock, Sleeper.REAL);
    }
}
