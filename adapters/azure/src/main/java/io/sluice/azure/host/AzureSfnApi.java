package io.sluice.azure.host;

import io.sluice.api.bundle.BundledPipelines;
import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.sfn.BundleTimes;
import io.sluice.api.sfn.SfnApi;
import io.sluice.api.sfn.SfnService;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.api.sfn.TenantSigning;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.redis.RedisAdapters;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The Step Functions API on Azure, served by the {@code http-api} function: {@code POST /api} (the endpoint URL
 * {@code https://<app>.azurewebsites.net/api}) with {@code X-Amz-Target: AWSStepFunctions.<Operation>}. State machines
 * are the bundled pipelines and those created through the API, kept in the Redis hash {@code <prefix>:sfn:machines}
 * (the bundle is read-only), which every function starts as it starts a bundled pipeline. Every request must be signed
 * (SigV4) with a key of the tenants file, whose signing secret is the Key Vault secret {@code <tenant>/sigv4-<id>}
 * (named as Key Vault allows, see KeyVaultSecretNames); without tenants or without Key Vault every request is refused.
 * GetActivityTask waits at most {@code sluice.sfn-api.activity-poll} (20 s).
 */
@Configuration(proxyBeanMethods = false)
public class AzureSfnApi {
    private static final Logger LOG = LoggerFactory.getLogger(AzureSfnApi.class);
    /** The account every ARN names; {@code sluice.sfn-api.account}. */
    static final String ACCOUNT = "${sluice.sfn-api.account:123456789012}";

    @Bean
    public StoredStateMachines sfnStateMachines(BundledPipelines bundle, RedisAdapters redis, SluiceAzureHostProperties host,
                                                Orchestrator orchestrator, @Value(ACCOUNT) String account, ResourcePatternResolver resolver,
                                                @Value("${sluice.pipelines:classpath*:pipelines/*.asl.json}") String pattern) {
        BundleTimes times = BundleTimes.of(resolver, pattern);
        return new StoredStateMachines(new StoredStateMachines.Bundle() {
            @Override
            public List<String> names() {
                return List.copyOf(bundle.ids());
            }

            @Override
            public Optional<Definition> definition(String name) {
                return bundle.definition(name);
            }

            @Override
            public Optional<Instant> created(String name) {
                return times.of(name);
            }
        }, redis.redisson().getMap(host.redisKeyPrefix() + ":sfn:machines", StringCodec.INSTANCE), account,
                orchestrator::start, (p, n, d, i, through) -> orchestrator.start(p, n, d, i, io.sluice.functions.priority.Priority.DEFAULT, through),
                redis.definitionStore(), "the deployed bundle's pipelines/");
    }

    @Bean
    public SfnApi stepFunctionsApi(StoredStateMachines machines, ExecutionControl executions, Tenants tenants, RedisAdapters redis,
                                   MapRunStore mapRuns,
                                   ObjectProvider<SecretResolver> secrets, TaskFunctionCatalog functions, Clock clock, SluiceApiProperties api,
                                   @Value(ACCOUNT) String account, @Value("${sluice.sfn-api.region:us-east-1}") String region,
                                   @Value("${sluice.sfn-api.activity-poll:20s}") String activityPollText,
                                   ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters,
                                   ObjectProvider<io.sluice.functions.maprun.ChildRuns> children) {
        // Read here: the web context has no conversion service for @Value durations.
        Duration activityPoll = org.springframework.boot.convert.DurationStyle.detectAndParse(activityPollText);
        SecretResolver resolver = secrets.getIfAvailable();
        if (resolver == null || !tenants.configured()) {
            LOG.warn("the Step Functions API refuses every request: it needs a tenants file and Key Vault (sluice.azure.keyvault.url)"
                    + " holding each key's signing secret <tenant>/sigv4-<id>");
        }
        return SfnService.builder().arns(region, account).machines(machines).executions(executions)
                .directTasks(TaskFunctions.of(functions.byName())).activities(redis.activityTasks(), activityPoll)
                .mapRuns(mapRuns, children::getIfAvailable) // AzureRuntime's records and its coordinator
                .authenticatedBy(TenantSigning.cloud(tenants, resolver, clock))
                .clock(clock).maxBodyBytes(api.maxBodyBytes()).timedBy(meters.getIfAvailable()) // sluice.api.requests
                .at("/", "/api", "/api/").build();
    }
}
