package io.sluice.aws.http;

import io.sluice.api.sfn.BundleTimes;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.aws.AwsTriggers;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.orchestration.definition.Definition;
import io.sluice.redis.RedisAdapters;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.redisson.client.codec.StringCodec;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * What every function of a Lambda deployment needs of the Step Functions API, which the {@code http-api} function
 * serves ({@link HttpApiSfn}): the state machines, the bundled pipelines and those created through the API, kept in
 * the Redis hash {@code <prefix>:sfn:machines} (the bundle is read-only, so a created machine lives beside the
 * executions, and every function starts it as it starts a bundled pipeline). Whose activity a Task state queues to is
 * the runtime's (AwsFunctions#runtime: the pipeline's tenant in the bundled tenants file), on every function.
 */
@Configuration(proxyBeanMethods = false)
public class AwsSfnApi {
    /** The account every ARN names (and a machine created without a role is said to run as); {@code sluice.sfn-api.account}. */
    static final String ACCOUNT = "${sluice.sfn-api.account:123456789012}";

    @Bean
    public StoredStateMachines sfnStateMachines(BundledPipelines bundle, RedisAdapters redis, SluiceAwsProperties properties,
                                                Orchestrator orchestrator, @Value(ACCOUNT) String account, ResourcePatternResolver resolver,
                                                @Value("${sluice.triggers.pipelines:" + AwsTriggers.DEFAULT_PIPELINES + "}") String pattern) {
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
        }, redis.redisson().getMap(properties.redisKeyPrefix() + ":sfn:machines", StringCodec.INSTANCE), account,
                orchestrator::start, (p, n, d, i, through) -> orchestrator.start(p, n, d, i, io.sluice.functions.priority.Priority.DEFAULT,
                        through), redis.definitionStore(), "the deployment's pipelines/");
    }
}
