package io.sluice.azure.host;

import io.sluice.api.bundle.BundledPipelines;
import io.sluice.azure.keyvault.RedisAccessKey;
import io.sluice.functions.alert.FailureAlerts;
import io.sluice.functions.alert.LogAlertSink;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.redis.RedisDeadLetterStore;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.task.dependency.DependencyRelease;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisMapRunStore;
import io.sluice.runtime.Alerting;
import io.sluice.runtime.Completions;
import io.sluice.runtime.HostSleep;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.redis.RedisDependencyIndex;
import io.sluice.redis.SluiceRedisProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The functions that move executions on Azure, the same the local runtime and the Lambdas run, over
 * Redis (state, claims, timers) and the deployment's {@link TaskQueue} (Storage Queues or Service Bus,
 * from {@code AzurePorts}): the orchestrator, the worker harness, the schedule tick, the completion
 * listener of the {@code events} queue and the dead-letter handler. The entry points in
 * {@code io.sluice.azure.entry} only move bytes into these ({@link SluiceHandlers}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceAzureHostProperties.class)
public class AzureRuntime {

    /**
     * The one Redis client of the app: {@code SLUICE_REDIS_URL} ({@code rediss://} for TLS), logged in with the access key
     * of the Key Vault secret {@code SLUICE_REDIS_AUTH_SECRET_URI} names, read here once through the deployment's vault.
     */
    @Bean(destroyMethod = "close")
    public RedisAdapters redisAdapters(SluiceAzureHostProperties host, ObjectProvider<SecretResolver> secrets,
                                       @Value("${sluice.azure.keyvault.url:}") String vaultUrl) {
        SluiceRedisProperties redis = RedisAccessKey.apply(SluiceRedisProperties.of(host.redisUrl()).withKeyPrefix(host.redisKeyPrefix()),
                host.redisAuthSecretUri(), vaultUrl, Optional.ofNullable(secrets.getIfUnique()));
        return RedisAdapters.open(redis);
    }

    /**
     * The map runs' records and counts ({@code RedisMapRunStore}), beside the executions in the app's Redis: the map-run
     * function writes them, UpdateMapRun changes them, and DescribeMapRun and {@code GET /v1/executions/{id}/map-runs}
     * count a run's children from them.
     */
    @Bean
    public MapRunStore mapRunStore(RedisAdapters redis, SluiceAzureHostProperties host) {
        return new RedisMapRunStore(redis.redisson(), host.redisKeyPrefix());
    }

    /** The bundle's priority channels against the deployment's ({@link BundledChannels}): checked once, at start. */
    @Bean
    public QueueNames queueNames(SluiceAzureHostProperties host, org.springframework.core.io.ResourceLoader loader,
                                 @Value("${sluice.priority-channels:}") String deployed,
                                 @Value("${sluice.bundled-priority-channels:classpath:pipelines/priority-channels.json}") String record) {
        BundledChannels.require(loader.getResource(record), deployed);
        return new QueueNames(host.queuePrefix());
    }

    /** The bundle; a {@code dependsOn} may name a state machine its dependent's tenant creates through the Step Functions API. */
    @Bean
    public BundledPipelines bundledPipelines(ResourcePatternResolver resolver,
                                             @Value("${sluice.pipelines:classpath*:pipelines/*.asl.json}") String pattern,
                                             ObjectProvider<Tenants> tenants) {
        return BundledPipelines.load(resolver, pattern, tenants.getIfAvailable(Tenants::none)::tenantOf);
    }

    /**
     * The runtime ({@link RuntimeBuilder}) over {@link #runtimePorts}: its waiting executions sleep in Blob storage after
     * {@code sluice.hibernate.after} or their pipeline's {@code "hibernateAfter"} ({@link HostSleep}). Activities' tasks
     * wait in Redis for the workers that poll the http-api's Step Functions API (GetActivityTask), each in its pipeline's tenant's activity;
     * with an Event Grid topic ({@link AzureEvents}) the execution events go on the events queue; with Blob storage, each
     * tick moves the executions whose retention passed into the archive there (archive/executions/...), giving each its
     * status-table row, then out of Redis (without it, nothing leaves).
     */
    /**
     * The ports every function of the app runs on and reads executions through: Redis and the deployment's queue, and with
     * Blob storage its waiting executions sleeping in the data container, under {@code hibernated/}
     * ({@link RuntimePorts#sleepingIn}), so the orchestrator, the worker, the tick, the HTTP and Step Functions APIs and the
     * completion handlers read a sleeping execution as any other and wake it alike. How long an execution waits before it
     * sleeps is {@code sluice.hibernate.after} ({@code SLUICE_HIBERNATE_AFTER}, {@link HostSleep}).
     */
    @Bean
    public RuntimePorts runtimePorts(RedisAdapters redis, TaskQueue queue, ObjectProvider<ObjectStore> objects) {
        // Activities' tasks wait in Redis for the workers that poll the http-api's Step Functions API (GetActivityTask).
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                redis.definitionStore(), redis.activityTasks());
        ObjectStore container = objects.getIfAvailable();
        return container == null ? ports : ports.sleepingIn(container);
    }

    @Bean
    public SluiceRuntime sluiceRuntime(RuntimePorts ports, RedisAdapters redis, QueueNames names, Clock clock, Retention retention,
                                       org.springframework.core.env.Environment env, SluiceAzureHostProperties host,
                                       ObjectProvider<io.sluice.functions.tenancy.Tenancy> tenancy, ObjectProvider<ObjectStore> objects,
                                       ObjectProvider<StatusStore> status, io.sluice.functions.control.RuleBook rules,
                                       io.sluice.orchestration.port.LineageLog lineage, BundledPipelines pipelines,
                                       ObjectProvider<io.sluice.azure.metrics.AzureMonitorMetrics> metrics) {
        // The tenancy is looked up when the first task arrives: binding the API's tenants file while the http-api's
        // serverless web container is still starting fails (its ServletContext resolves paths only once running).
        io.sluice.functions.tenancy.Tenancy owners = pipeline -> tenancy.getObject().tenantOf(pipeline);
        // With Application Insights, the Redis round trips (sluice.redis.calls) go there beside the runtime's meters.
        metrics.stream().findFirst().ifPresent(m -> redis.meterCalls(m.registry()));
        return RuntimeBuilder.on(ports, names, clock)
                .sleepAfter(HostSleep.of(env.getProperty(HostSleep.PROPERTY)).perPipeline(pipelines::options))
                .retention(retention).events(AzureEvents.enabled(env)).activitiesOf(owners)
                .worker(owners.owners(), "azure-" + ProcessHandle.current().pid(), host.lease())
                // The rules gate every task by the priority its pipeline declares in the bundle, and succeeded tasks record
                // their lineage (AzureControl), as on AWS and locally.
                .rules(rules, owners, pipelines::priority)
                .lineage(lineage)
                .archiveTo(objects.getIfAvailable(), status.getIfAvailable())
                // With Application Insights (APPLICATIONINSIGHTS_CONNECTION_STRING) the meters go there; without, none are kept.
                .metrics(metrics.stream().findFirst().map(io.sluice.azure.metrics.AzureMonitorMetrics::registry).orElse(null), owners)
                // ... and so do the spans, unless OTEL_* sends them elsewhere (ProcessTracing, the default when null).
                .tracing(metrics.stream().findFirst().flatMap(io.sluice.azure.metrics.AzureMonitorMetrics::tracing).orElse(null))
                .build();
    }

    /**
     * The runtime's metrics in Application Insights, when the app has its connection string (the Functions host's standard
     * {@code APPLICATIONINSIGHTS_CONNECTION_STRING}) and {@code sluice.metrics.enabled} is not {@code false}.
     */
    @Bean(destroyMethod = "close")
    @org.springframework.context.annotation.Conditional(ApplicationInsights.class)
    public io.sluice.azure.metrics.AzureMonitorMetrics azureMonitorMetrics(org.springframework.core.env.Environment env) {
        return io.sluice.azure.metrics.AzureMonitorMetrics.fromEnvironment(env::getProperty).orElseThrow();
    }

    /** The same registry for the HTTP API, which times its requests by route and status into the host's ({@code ApiConfiguration}). */
    @Bean
    @org.springframework.context.annotation.Conditional(ApplicationInsights.class)
    public io.micrometer.core.instrument.MeterRegistry sluiceMeterRegistry(io.sluice.azure.metrics.AzureMonitorMetrics metrics) {
        return metrics.registry();
    }

    /** The app has an Application Insights connection string, and metrics are not turned off. */
    static final class ApplicationInsights implements org.springframework.context.annotation.Condition {
        @Override
        public boolean matches(org.springframework.context.annotation.ConditionContext context,
                               org.springframework.core.type.AnnotatedTypeMetadata metadata) {
            org.springframework.core.env.Environment env = context.getEnvironment();
            return !env.getProperty(io.sluice.azure.metrics.AzureMonitorMetrics.CONNECTION_STRING, "").isBlank()
                    && env.getProperty("sluice.metrics.enabled", Boolean.class, true);
        }
    }

    @Bean
    public OutboxDispatcher outboxDispatcher(SluiceRuntime runtime) {
        return runtime.outbox();
    }

    @Bean
    public Orchestrator sluiceOrchestrator(SluiceRuntime runtime) {
        return runtime.orchestrator();
    }

    /**
     * When a finished execution may leave Redis ({@code sluice.retention}, a day by default; its name stays
     * reserved for {@code sluice.name-reuse}, 90 days): the orchestrator stamps it on each execution as it ends.
     */
    @Bean
    public Retention retention(@Value("${sluice.retention:" + Retention.DEFAULT_RETENTION_SETTING + "}") Duration retention,
                               @Value("${sluice.name-reuse:" + Retention.DEFAULT_NAME_REUSE_SETTING + "}") Duration nameReuse,
                               BundledPipelines pipelines) {
        // A pipeline's own "retention" in its bundled <id>.pipeline.json wins, as locally.
        return Retention.of(retention, nameReuse, pipelines::retention);
    }

    /**
     * The one way this deployment starts executions (the API, object events, upstream completion): the bundled
     * pipelines, then the state machines created through the Step Functions API (kept in Redis, {@link AzureSfnApi}).
     */
    @Bean
    public ExecutionStarter executionStarter(Orchestrator orchestrator, BundledPipelines pipelines,
                                             ObjectProvider<io.sluice.api.sfn.StoredStateMachines> created) {
        // Each execution on its pipeline's declared priority channel (<id>.pipeline.json), as on AWS and locally: the app has a
        // trigger on every channel's queue (ServiceBusChannelFunctions, StorageChannelFunctions). A state machine created
        // through the Step Functions API has no options file, so it runs on the default channel.
        return new PipelineStarter((PipelineStarter.PrioritizedLaunch) orchestrator::start, pipelines.andCreated(created.getIfAvailable()),
                pipelines::priority);
    }

    @Bean
    public ScheduleTick scheduleTick(SluiceRuntime runtime) {
        return runtime.tick();
    }

    /** Where alerts go when the deployment names no other sink: one JSON line each in the log (Application Insights). */
    @Bean
    @ConditionalOnMissingBean(AlertSink.class)
    public AlertSink alertSink() {
        return new LogAlertSink();
    }

    @Bean
    public RedisDependencyIndex dependencyIndex(RedisAdapters redis, SluiceAzureHostProperties host, Clock clock,
                                                ObjectProvider<io.sluice.azure.metrics.AzureMonitorMetrics> metrics) {
        RedisDependencyIndex index = new RedisDependencyIndex(redis.redisson(), host.redisKeyPrefix());
        // The runs waiting on upstreams, read when the exporter collects (every OTEL_METRIC_EXPORT_INTERVAL, 60 s).
        metrics.stream().findFirst().ifPresent(m -> io.sluice.runtime.metrics.WaitGauges.watch(m.registry(), index, clock));
        return index;
    }

    /**
     * What happens when an execution ends: upstream-completion starts (the ledger in Table storage when the
     * storage account is configured, else Redis's), dependency-check releases, a child's end reaching its parent
     * (every {@code Consumer<FinishedExecution>} bean), failure alerts.
     */
    @Bean
    public CompletionListener completionListener(RedisAdapters redis, SluiceRuntime runtime, BundledPipelines pipelines,
                                                 ObjectProvider<UpstreamLedger> ledger, ExecutionStarter starter, RedisDependencyIndex index,
                                                 QueueNames names, Clock clock, ObjectProvider<Consumer<FinishedExecution>> more,
                                                 ObjectProvider<io.sluice.functions.events.cloud.ExecutionEventRelay> relay,
                                                 io.sluice.functions.alert.TieredAlerts tiers) {
        Completions completions = Completions.of(runtime.ports().executions(), clock).observedBy(runtime.observer())
                .upstream(pipelines.dependencyGraph(), ledger.getIfAvailable(redis::upstreamLedger), starter)
                .dependencies(index, runtime.ports(), names);
        more.orderedStream().forEach(completions::and);
        // Failure alerts by the execution's priority (AzureControl), as locally and on AWS; events to the Event Grid topic (AzureEvents).
        return completions.alerts(tiers).relay(relay.stream().findFirst().orElse(null)).build();
    }

    /** The dead letters the dlq-handler records per tenant (the API's tenants), listed and redriven by {@code /v1/dead-letters}. */
    @Bean
    public DeadLetters deadLetters(RedisAdapters redis, SluiceAzureHostProperties host, TaskQueue queue, QueueNames names, Clock clock,
                                   ObjectProvider<Tenants> tenants) {
        Tenants known = tenants.getIfAvailable(Tenants::none);
        return new DeadLetters(new RedisDeadLetterStore(redis.redisson(), host.redisKeyPrefix()), queue, names, known::tenantOf, clock);
    }

    @Bean
    public DeadLetterHandler deadLetterHandler(SluiceRuntime runtime, QueueNames names, RedisAdapters redis, Clock clock, AlertSink sink,
                                               DeadLetters letters) {
        return Alerting.deadLetters(runtime.ports(), names, oncePerIncident(sink, redis, clock), letters);
    }

    @Bean
    public SluiceHandlers sluiceHandlers(SluiceRuntime runtime, TaskFunctionCatalog functions, QueueNames names,
                                         CompletionListener completions, DeadLetterHandler deadLetters,
                                         io.sluice.functions.alert.TieredAlerts tiers) {
        return new SluiceHandlers(runtime, runtime.worker(functions.tasks()), completions, deadLetters, tiers, names);
    }

    private static AlertSink oncePerIncident(AlertSink sink, RedisAdapters redis, Clock clock) {
        return Alerting.oncePerIncident(sink, redis.idempotencyStore(), clock, "azure-" + ProcessHandle.current().pid());
    }
}
