package io.sluice.azure.host;

import io.sluice.api.bundle.BundledApiPipelines;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.api.http.BundledTenants;
import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.ObjectStore;
import org.springframework.beans.factory.ObjectProvider;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.api.tenant.CloudApiAuth;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.ResourceLoader;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the HTTP API ({@code io.sluice.api}) asks of a host, on Azure: the tenants file
 * ({@code sluice.api.tenants-file}, else the bundled {@code pipelines/tenants.json}), the bundled pipelines,
 * executions over Redis with stops, redrives and callbacks queued for the orchestrator, and webhook replays and
 * the tenants' start limits in Redis. There is no function emulator on Azure: {@code POST /functions/{name}} answers 404.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceApiProperties.class)
public class AzureApi {

    /**
     * The tenants file {@code sluice.api.tenants-file} names, else the {@code tenants.json} bundled with the pipelines
     * ({@code sluice.api.tenants}, by default {@code classpath:pipelines/tenants.json}, where {@code ./sluice package azure}
     * puts it). Without either the API serves only behind the platform authentication {@code sluice.api.platform-auth}
     * names, never open: the trigger is anonymous unless that is {@code function-keys}. The authentication the bundle was
     * packaged for ({@code --platform-auth}) must be the one the deployment names ({@link BundledTenants}).
     */
    @Bean
    public Tenants tenants(SluiceApiProperties api, ResourceLoader loader,
                           @Value("${sluice.api.tenants:classpath:pipelines/tenants.json}") String bundled,
                           @Value("${" + CloudApiAuth.SETTING + ":}") String platformAuth,
                           @Value("${sluice.api.bundled-platform-auth:" + CloudApiAuth.BUNDLED + "}") String recordLocation) {
        return BundledTenants.load(api, loader, bundled, platformAuth, recordLocation, "azure");
    }

    @Bean
    public Pipelines apiPipelines(BundledPipelines pipelines, io.sluice.api.sfn.StoredStateMachines created) {
        return new BundledApiPipelines(pipelines, created);
    }

    /** Named so, not {@code executions}: that name is the task function of {@code states:startExecution}. */
    @Bean
    public ExecutionControl executionOperations(io.sluice.functions.orchestrator.Orchestrator orchestrator, ExecutionStarter starter,
                                                io.sluice.runtime.RuntimePorts ports, TaskQueue queue, QueueNames names,
                                                ObjectProvider<ObjectStore> objects, ObjectProvider<StatusStore> status,
                                                io.sluice.api.sfn.StoredStateMachines machines) {
        // Reads find an execution in Redis, else in the Blob archive the schedule-tick moved it to; lists span that
        // archive through the status table, where the reaper gives every archived run its row.
        // Stop and redrive are applied right away through the orchestrator (its compare-and-set commit), as on every host, so
        // the answer shows their effect; callbacks go to the orchestrator's queue, as a task's result does.
        return io.sluice.api.control.OrchestratorExecutions.over(orchestrator::handle, starter, ports.executions(), queue, names,
                objects.getIfAvailable(), status.getIfAvailable(), machines::names);
    }

    @Bean
    public ReplayGuard webhookReplays(RedisAdapters redis) {
        return redis.replayGuard();
    }

    @Bean
    public RateLimiter tenantStartBuckets(RedisAdapters redis, SluiceAzureHostProperties host) {
        return new RedisTokenBucket(redis.redisson(), host.redisKeyPrefix());
    }
}
