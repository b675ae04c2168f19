package io.sluice.local.app;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.StartResult;
import io.sluice.functions.trigger.object.ExecutionStarter;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.LocalDependencyGraph;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.local.tenant.Tenants;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * What starts executions besides the API: the upstream-completion trigger, fed by the completion
 * events. Every {@code Consumer<FinishedExecution>} bean receives each completion.
 */
@Configuration(proxyBeanMethods = false)
public class TriggerConfiguration {

    @Bean
    public PipelineOptionsCatalog pipelineOptionsCatalog(SluiceLocalProperties properties) {
        return new PipelineOptionsCatalog(properties.pipelinesDir());
    }

    /**
     * Starts a pipeline through the runtime (one at a time with its other messages); unknown or invalid
     * pipelines are refused. Not a bean, so it cannot clash with another trigger's starter.
     */
    static ExecutionStarter pipelineStarter(PipelineCatalog catalog, LocalRuntime runtime) {
        return (pipeline, name, input) -> switch (catalog.find(pipeline)) {
            case PipelineCatalog.Lookup.Found f -> runtime.start(pipeline, name, f.pipeline().definition(), input) instanceof StartResult.Started
                    ? new ExecutionStarter.Started() : new ExecutionStarter.AlreadyExists();
            case PipelineCatalog.Lookup.Invalid i -> new ExecutionStarter.Refused("pipeline '" + pipeline + "' is invalid: " + i.problems());
            case PipelineCatalog.Lookup.Missing m -> new ExecutionStarter.Refused("there is no pipeline '" + pipeline + "'");
        };
    }

    /** @param keep how long an upstream's success waits for the dependent's other upstreams ({@code sluice.upstream.keep}) */
    @Bean
    @Order(0)
    public UpstreamTrigger upstreamTrigger(PipelineOptionsCatalog options, Tenants tenants, LocalBackends backends, PipelineCatalog catalog,
                                           LocalRuntime runtime, @Value("${sluice.upstream.keep:7d}") Duration keep) {
        LocalDependencyGraph graph = new LocalDependencyGraph(options,
                (a, b) -> !tenants.configured() || tenants.tenantOf(a).equals(tenants.tenantOf(b)) && tenants.tenantOf(a).isPresent());
        return new UpstreamTrigger(graph, new io.sluice.redis.RedisUpstreamLedger(backends.redisson(), backends.redisKeyPrefix()), pipelineStarter(catalog, runtime), Clock.systemUTC(), keep);
    }
}
