package io.sluice.aws.http;

import io.sluice.api.bundle.BundledApiPipelines;
import io.sluice.api.control.OrchestratorExecutions;
import io.sluice.api.http.BundledTenants;
import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.api.tenant.CloudApiAuth;
import io.sluice.api.tenant.Tenants;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTokenBucket;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * What the HTTP API asks of its host, on AWS: executions through this deployment's orchestrator and
 * starter, the bundled pipelines, the tenants file bundled beside them ({@code sluice.api.tenants},
 * by default {@code classpath:pipelines/tenants.json}), webhook replays and the tenants' start limits in
 * Redis. Only the {@code http-api} function's web context holds these beans.
 */
// Not a @Configuration: the Lambda application scans io.sluice.aws, and these beans belong to the web context only.
class HttpApiPorts {
    /**
     * The bundled tenants file; without one, the API runs only behind the platform authentication
     * {@code sluice.api.platform-auth} names (the module sets {@code iam} or {@code lambda-authorizer} from its
     * {@code api_auth.mode}), never open.
     */
    @Bean
    Tenants tenants(SluiceApiProperties api, ResourceLoader loader,
                    @Value("${sluice.api.tenants:classpath:pipelines/tenants.json}") String location,
                    @Value("${" + CloudApiAuth.SETTING + ":}") String platformAuth,
                    @Value("${sluice.api.bundled-platform-auth:" + CloudApiAuth.BUNDLED + "}") String recordLocation) {
        return BundledTenants.load(api, loader, location, platformAuth, recordLocation, "aws");
    }

    @Bean
    Pipelines apiPipelines(BundledPipelines bundle, StoredStateMachines created) {
        return new BundledApiPipelines(bundle, created);
    }

    @Bean
    ExecutionControl executionControl(Orchestrator orchestrator, ExecutionStarter starter, io.sluice.runtime.RuntimePorts ports, SqsTaskQueue queue,
                                      QueueNames names, ObjectProvider<S3ObjectStore> archive, ObjectProvider<StatusStore> status,
                                      StoredStateMachines machines) {
        // Reads find an execution in Redis, else in the S3 archive (with the deployment's bucket); lists span the archive
        // through the status table (one row per archived run) when both are there.
        return OrchestratorExecutions.over(orchestrator::handle, starter, ports.executions(), queue, names, archive.getIfAvailable(),
                status.getIfAvailable(), machines::names);
    }

    @Bean
    ReplayGuard webhookReplays(RedisAdapters redis) {
        return redis.replayGuard();
    }

    @Bean
    RateLimiter tenantStartBuckets(RedisAdapters redis, SluiceAwsProperties properties) {
        return new RedisTokenBucket(redis.redisson(), properties.redisKeyPrefix());
    }
}
