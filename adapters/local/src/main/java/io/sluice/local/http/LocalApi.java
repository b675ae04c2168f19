package io.sluice.local.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.http.ApiConfiguration;
import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.EmulatedFunctions;
import io.sluice.api.port.Pipelines;
import io.sluice.api.port.ScheduledFires;
import io.sluice.api.tenant.Tenants;
import io.sluice.local.app.SluiceLocalProperties;
import io.sluice.local.app.TaskFunctionBeans;
import io.sluice.local.config.EnvOrFileSecretResolver;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.redis.RedisReplayGuard;
import io.sluice.redis.RedisTokenBucket;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The HTTP API ({@code io.sluice.api}) on the local host: what it asks of a host, provided here. The
 * executions are the runtime's ({@link io.sluice.api.control.OrchestratorExecutions} over the local runtime); the pipelines are the pipelines
 * folder's; the tenants come from {@code tenants.json} in that folder (unless {@code sluice.api.tenants-file}
 * names another); webhook replays and the tenants' start limits are kept in Redis; the function emulator
 * runs this runtime's task functions; the job engine's logs are read from its runs folder.
 */
@Configuration(proxyBeanMethods = false)
public class LocalApi {

    @Bean
    public Tenants tenants(SluiceApiProperties api, SluiceLocalProperties local, ConfigurableEnvironment environment) {
        return ApiConfiguration.tenants(api, local.pipelinesDir(), environment.getProperty("server.address", "0.0.0.0"));
    }

    @Bean
    Pipelines apiPipelines(PipelineCatalog catalog, PipelineOptionsCatalog options,
                           ObjectProvider<io.sluice.local.app.TriggerConfiguration.ObjectTriggers> triggers) {
        return new FolderPipelines(catalog, options, () -> {
            io.sluice.local.app.TriggerConfiguration.ObjectTriggers t = triggers.getIfAvailable();
            return t == null || t.rules() == null ? List.of() : t.rules().rules().rules();
        });
    }

    /** The schedules' fires, for simulating a rule before it is saved. */
    @Bean
    ScheduledFires scheduledFires(PipelineCatalog catalog, PipelineOptionsCatalog options) {
        return new LocalScheduledFires(catalog, options);
    }

    @Bean
    EmulatedFunctions emulatedFunctions(TaskFunctionBeans functions) {
        return new EmulatedFunctions() {
            @Override
            public Set<String> names() {
                return functions.names();
            }

            @Override
            public Optional<Function<JsonNode, JsonNode>> find(String name) {
                return Optional.ofNullable(functions.byName().get(name));
            }
        };
    }

    /** The local job engine's logs, which the console links a failed job run to. */
    @Bean
    io.sluice.api.port.JobLogs jobLogs(SluiceLocalProperties local) {
        return new LocalJobLogs(local.jobRunsDir());
    }

    @Bean
    ReplayGuard webhookReplays(LocalBackends backends) {
        return new RedisReplayGuard(backends.redisson(), backends.redisKeyPrefix());
    }

    @Bean
    RateLimiter tenantStartBuckets(LocalBackends backends) {
        return new RedisTokenBucket(backends.redisson(), backends.redisKeyPrefix());
    }

    /**
     * Webhook secrets from {@code SLUICE_SECRET_<NAME>} variables when the data functions, and the secret
     * resolver they bring (variables, else the secrets folder), are off.
     */
    @Bean
    @ConditionalOnProperty(name = "sluice.data-functions", havingValue = "false")
    EnvOrFileSecretResolver webhookSecretVariables(ConfigurableEnvironment environment) {
        Map<String, String> env = new HashMap<>();
        environment.getSystemEnvironment().forEach((k, v) -> env.put(k, String.valueOf(v)));
        return new EnvOrFileSecretResolver(env, null);
    }
}
