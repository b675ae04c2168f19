package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.task.Backoff;
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
import io.sluice.api.tenant.Tenants;
import org.springframework.beans.factory.ObjectProvider;
import io.sluice.local.config.PipelineConfigStore;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.transfer.export.ConfiguredExporters;
import io.sluice.duckdb.DuckDbJobEngine;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.postgres.warehouse.PostgresWarehouse;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.redis.RedisDependencyIndex;
import io.sluice.redis.RedisExportLedger;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The six task functions, each a {@code Function<JsonNode, JsonNode>} bean named as its Task
 * resources name it. Each bean is the function itself, not a wrapper: the worker harness hands
 * glue-launch and dependency-check (which implement {@code TaskAware}) their task's token.
 * Off with {@code sluice.data-functions=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sluice.data-functions", havingValue = "true", matchIfMissing = true)
public class DataFunctions {

    /** Secrets from {@code SLUICE_SECRET_<NAME>} variables, else files of the secrets folder (a tenant's only from its folder). */
    @Bean
    public EnvOrFileSecretResolver secretResolver(SluiceLocalProperties properties, ConfigurableEnvironment environment) {
        Map<String, String> variables = new HashMap<>();
        environment.getSystemEnvironment().forEach((k, v) -> {
            if (k.startsWith(EnvOrFileSecretResolver.PREFIX)) {
                variables.put(k, String.valueOf(v));
            }
        });
        return new EnvOrFileSecretResolver(variables, properties.secretsDir());
    }

    /** Who owns which pipeline, from the tenants file: a run reads its own tenant's configs and secrets only. */
    @Bean
    public Tenancy tenancy(ObjectProvider<Tenants> tenants) {
        Tenants known = tenants.getIfAvailable(Tenants::none);
        return known::tenantOf;
    }

    @Bean(ReadConfig.NAME)
    public Function<JsonNode, JsonNode> readConfig(SluiceLocalProperties properties, EnvOrFileSecretResolver secrets, Tenancy tenancy,
                                                   Patterns patterns) {
        return new ReadConfig(new PipelineConfigStore(properties.configDir(), properties.pipelinesDir()), secrets, tenancy, patterns);
    }

    /** Waits for a run by its completion, polling from 1 s (doubling, up to 30 s) as the fallback. */
    @Bean("glue-launch")
    public Function<JsonNode, JsonNode> glueLaunch(DuckDbJobEngine engine, JobCompletions completions, Clock clock,
                                                   SluiceLocalProperties properties) {
        return new GlueLaunch(engine, completions, new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 0), clock,
                new PipelineConfigStore(properties.configDir(), properties.pipelinesDir()));
    }

    @Bean(CopyToWarehouse.NAME)
    public Function<JsonNode, JsonNode> copyToWarehouse(PostgresWarehouse warehouse, Clock clock, SluiceLocalProperties properties) {
        return new CopyToWarehouse(warehouse, new PipelineConfigStore(properties.configDir(), properties.pipelinesDir()), clock);
    }

    @Bean(WriteStatus.NAME)
    public Function<JsonNode, JsonNode> writeStatus(PostgresStatusStore statusStore, Clock clock) {
        return new WriteStatus(statusStore, clock);
    }

    /** Targets come from the configs; the ledger that keeps a batch from being pushed twice is in Redis. */
    @Bean("push-export")
    public Function<JsonNode, JsonNode> pushExport(ConfiguredExporters targets, FolderObjectStore objects, LocalBackends backends,
                                                   Clock clock, EnvOrFileSecretResolver secrets, SluiceLocalProperties properties) {
        return new PushExport(Map.of(), targets, new PipelineConfigStore(properties.configDir(), properties.pipelinesDir()), objects,
                new RedisExportLedger(backends.redisson(), backends.redisKeyPrefix()), clock, new ScopedSecrets(secrets));
    }

    /** The dependency index, and with metrics on the gauge of the runs waiting in it ({@code sluice.dependency.waiting}). */
    @Bean
    public RedisDependencyIndex dependencyIndex(LocalBackends backends, Clock clock,
                                                org.springframework.beans.factory.ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters) {
        RedisDependencyIndex index = new RedisDependencyIndex(backends.redisson(), backends.redisKeyPrefix());
        meters.ifAvailable(registry -> io.sluice.runtime.metrics.WaitGauges.watch(registry, index, clock));
        return index;
    }

    /** Run as {@code sluice:function:dependency-check.waitForTaskToken}; a registration outlives its deadline by a day. */
    @Bean("dependency-check")
    public Function<JsonNode, JsonNode> dependencyCheck(RedisDependencyIndex index, LocalBackends backends, QueueNames names,
                                                        Clock clock, Tenancy tenancy) {
        return new DependencyCheck(index, backends.ports().timers(), backends.ports().queue(), names, clock, Duration.ofDays(1), tenancy);
    }

    /** Wakes waiting dependency checks when an upstream succeeds; a success is remembered for 30 days. */
    @Bean
    public DependencyRelease dependencyRelease(RedisDependencyIndex index, LocalBackends backends, QueueNames names, Clock clock) {
        return new DependencyRelease(index, backends.ports().timers(), backends.ports().queue(), names, clock, Duration.ofDays(30));
    }
}
