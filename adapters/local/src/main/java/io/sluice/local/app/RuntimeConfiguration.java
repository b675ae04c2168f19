package io.sluice.local.app;

import io.sluice.runtime.Completions;
import io.sluice.runtime.Control;
import io.sluice.runtime.Alerting;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.alert.FailureAlerts;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.redis.RedisDeadLetterStore;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.task.dependency.DependencyRelease;
import io.sluice.functions.alert.FanOutAlertSink;
import io.sluice.functions.alert.LogAlertSink;
import io.sluice.transfer.alert.WebhookAlertSink;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.embedded.RuntimeFolder;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.api.control.OrchestratorExecutions;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.rules.RulesFileWatch;
import io.sluice.redis.RedisLineageLog;
import io.sluice.redis.RedisRuleStore;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.functions.retention.Retention;
import io.sluice.local.objects.FolderObjectStore;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineWatch;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.functions.channel.ChannelLimits;
import io.sluice.functions.priority.Priority;
import io.sluice.redis.RedisConcurrencyLimiter;
import io.sluice.redis.RedisAlertBook;
import io.sluice.functions.alert.TieredAlerts;
import io.sluice.redis.RedisTokenBucket;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.StatusStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the local runtime: backends, the runtime over them, the pipelines (ASL files and pattern
 * configs), what happens when an execution ends (dependency release, failure alerts) and when a
 * message is dead-lettered, and the executions the API works on.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SluiceChannelProperties.class, SluiceAlertTierProperties.class})
public class RuntimeConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeConfiguration.class);

    /** The folder of the embedded servers' state; claimed (locked) by the first server started in it. */
    @Bean(destroyMethod = "close")
    public RuntimeFolder runtimeFolder(SluiceLocalProperties properties) {
        return RuntimeFolder.at(durable(properties) ? properties.stateDir() : Path.of(""));
    }

    static boolean durable(SluiceLocalProperties properties) {
        return properties.stateDir() != null && !properties.stateDir().toString().isEmpty();
    }

    /** The queue and Redis; the embedded ones stop when the application does. */
    @Bean(destroyMethod = "close")
    public LocalBackends localBackends(SluiceLocalProperties properties, Environment environment, RuntimeFolder folder) {
        SluiceLocalProperties.Sqs sqs = properties.sqs();
        SluiceLocalProperties.Redis redis = properties.redis();
        if (properties.queue() == LocalBackends.Queue.REDIS && !blank(sqs.url())) {
            LOG.warn("sluice.sqs.url (SLUICE_SQS_URL) is set but unused: the queues are in Redis; set sluice.queue=sqs to use it");
        }
        boolean keptRedis = blank(redis.url()) && durable(properties);
        if (keptRedis) {
            folder.claim();
        }
        LocalBackends backends = LocalBackends.open(new LocalBackends.Settings(properties.queue(),
                blank(sqs.url()) ? null : URI.create(sqs.url().strip()), sqs.port(), sqs.region(),
                blank(redis.url()) ? null : redis.url().strip(), redis.keyPrefix(), redis.binary(),
                environment.getProperty("PATH", ""), sqs.maxReceives(), keptRedis ? folder.redisDir() : null, redis.persistence(),
                redis.historyInlineBytes()));
        LOG.info("queue: {}; Redis: {}", backends.queueDescription(), backends.redisDescription());
        // Waiting executions sleep in the data folder, the local object store (DataBackends), as they sleep in S3 or Blob.
        return backends.sleepingIn(new io.sluice.local.objects.FolderObjectStore(properties.dataDir()));
    }

    @Bean
    public Clock clock() {
        return Clock.systemUTC();
    }

    /** The four pipeline patterns, read from the classpath. */
    @Bean
    public Patterns patterns() {
        return ClasspathPatternResources.patterns();
    }

    @Bean
    public TaskFunctionBeans taskFunctionBeans(Map<String, Function<JsonNode, JsonNode>> functions) {
        return new TaskFunctionBeans(functions);
    }

    @Bean
    public QueueNames queueNames(SluiceLocalProperties properties) {
        return new QueueNames(properties.queuePrefix());
    }

    @Bean(destroyMethod = "close")
    public LocalRuntime localRuntime(LocalBackends backends, TaskFunctionBeans functions, QueueNames names, Clock clock,
                                     SluiceLocalProperties properties, PipelineOptionsCatalog options,
                                     ObjectProvider<StatusStore> status, RuleBook rules, ObjectProvider<Tenancy> tenancy,
                                     ObjectProvider<io.sluice.api.tenant.Tenants> tenantsFile,
                                     LineageLog lineage, SluiceChannelProperties channels,
                                     @Value("${sluice.queue-visibility:}") Duration visibility,
                                     @Value("${" + io.sluice.runtime.HostSleep.PROPERTY + ":}") String hibernateAfter,
                                     ObjectProvider<io.micrometer.core.instrument.MeterRegistry> meters) {
        LocalRuntime.Settings d = LocalRuntime.Settings.defaults();
        Retention retention = Retention.of(properties.retention(), properties.nameReuse(),
                pipeline -> Optional.ofNullable(options.find(pipeline).options()).map(PipelineOptions::retention));
        // sluice.queue-visibility: how long a received message stays hidden before it is delivered again (default 30 s);
        // a message that keeps failing reaches its dead-letter queue after max-receives of these.
        if (visibility != null && (visibility.isNegative() || visibility.isZero())) {
            throw new IllegalArgumentException("sluice.queue-visibility: expected a positive duration such as 30s, not " + visibility);
        }
        LocalRuntime.Settings settings = new LocalRuntime.Settings(names, visibility == null ? d.visibility() : visibility, d.lease(),
                d.concurrency(), d.tickEvery(), d.outboxGrace(), d.probe(), retention).withHibernateAfter(io.sluice.runtime.HostSleep.of(hibernateAfter) // sluice.hibernate.after, as on the cloud hosts
                        .perPipeline(pipeline -> options.find(pipeline).options()));
        // Whose run each task is, and whose activities a Task state queues to: the tenants file itself (the Tenancy bean is
        // the data functions' and may be absent).
        Tenancy owners = tenantsFile.getIfAvailable(io.sluice.api.tenant.Tenants::none)::tenantOf;
        LocalRuntime runtime = new LocalRuntime(backends.ports(), functions.taskFunctions(), functions.names(), settings, clock, owners);
        runtime.archiveExpired(new FolderObjectStore(properties.dataDir()), status.getIfAvailable());
        Tenancy tenants = tenancy.getIfAvailable(() -> Tenancy.SINGLE);
        runtime.applyRules(rules, tenants, pipeline -> priorityOf(options, pipeline));
        runtime.scopeActivities(owners);
        // The channels' limits hold across every process on this Redis.
        runtime.limitChannels(new ChannelLimits(new RedisConcurrencyLimiter(backends.redisson(), backends.redisKeyPrefix()),
                new RedisTokenBucket(backends.redisson(), backends.redisKeyPrefix()), tenants, channels.settings()));
        runtime.recordLineage(lineage);
        meters.ifAvailable(registry -> {
            runtime.recordMetrics(registry, owners);
            io.sluice.redis.RedisAdapters.meterCalls(backends.redisson(), registry); // sluice.redis.calls
        });
        return runtime;
    }

    /** A pipeline's declared priority ({@code priority} in its options); {@link Priority#DEFAULT} without one. */
    static Priority priorityOf(PipelineOptionsCatalog options, String pipeline) {
        return Optional.ofNullable(options.find(pipeline).options()).map(PipelineOptions::priority).orElse(Priority.DEFAULT);
    }

    /** Which runs read and wrote which datasets, in Redis beside the executions. */
    @Bean
    public LineageLog lineageLog(LocalBackends backends) {
        return new RedisLineageLog(backends.redisson(), backends.redisKeyPrefix());
    }

    /**
     * The allow and block rules: {@code <pipelines>/rules.json} (reread when it changes) and those made
     * through the API, in Redis beside the executions, reread by every process within two seconds of a change.
     */
    @Bean
    public RuleBook ruleBook(LocalBackends backends, SluiceLocalProperties properties, Clock clock) {
        return Control.rules(new RedisRuleStore(backends.redisson(), backends.redisKeyPrefix()),
                new RulesFileWatch(properties.pipelinesDir().resolve("rules.json")), clock);
    }

    /** Every alert is logged, and POSTed to the webhook if one is set; an incident fires once an hour at most. */
    @Bean
    public AlertSink alerts(SluiceLocalProperties properties, LocalBackends backends, Clock clock) {
        List<AlertSink> sinks = new ArrayList<>(List.of(new LogAlertSink()));
        String webhook = properties.alerts().webhookUrl();
        if (!blank(webhook)) {
            sinks.add(new WebhookAlertSink(URI.create(webhook.strip()), HttpClient.newHttpClient(), Duration.ofSeconds(10), Map.of()));
        }
        return Alerting.oncePerIncident(new FanOutAlertSink(sinks), backends.ports().claims(), clock, "local-" + ProcessHandle.current().pid());
    }

    /**
     * Failure alerts by the execution's priority: P0 to the pager (the {@code pager-url} webhook, else the alert sinks),
     * P1 with an acknowledgement deadline, P2/P3 in a digest; each incident once (the claims in Redis).
     */
    @Bean
    public TieredAlerts tieredAlerts(SluiceAlertTierProperties tiers, SluiceLocalProperties properties, LocalBackends backends, Clock clock) {
        List<AlertSink> sinks = new ArrayList<>(List.of(new LogAlertSink()));
        String webhook = properties.alerts().webhookUrl();
        if (!blank(webhook)) {
            sinks.add(new WebhookAlertSink(URI.create(webhook.strip()), HttpClient.newHttpClient(), Duration.ofSeconds(10), Map.of()));
        }
        AlertSink sink = new FanOutAlertSink(sinks);
        AlertSink pager = blank(tiers.pagerUrl()) ? null // pages go to the alert sinks, titled [PAGE]
                : new FanOutAlertSink(List.of(new LogAlertSink(), new WebhookAlertSink(URI.create(tiers.pagerUrl().strip()),
                        HttpClient.newHttpClient(), Duration.ofSeconds(10), Map.of())));
        return Control.tiers(pager, sink, new RedisAlertBook(backends.redisson(), backends.redisKeyPrefix()), backends.ports().claims(),
                clock, "local-" + ProcessHandle.current().pid(), tiers.settings());
    }

    @Bean(destroyMethod = "close")
    AlertTierTicker alertTierTicker(TieredAlerts tiers, SluiceAlertTierProperties properties) {
        return new AlertTierTicker(tiers, properties.tickEvery());
    }

    /** The consumer of execution events: wakes dependency checks (when they run here) and alerts on failures, by priority. */
    @Bean
    public CompletionListener completionListener(LocalBackends backends, TieredAlerts tiers, Clock clock,
                                                 ObjectProvider<Consumer<FinishedExecution>> handlerBeans,
                                                 ObjectProvider<ExecutionEventRelay> events, LocalRuntime runtime) {
        Completions completions = Completions.of(backends.ports().executions(), clock).observedBy(runtime.observer());
        handlerBeans.orderedStream().forEach(completions::and);
        return completions.alerts(tiers).relay(events.getIfAvailable()).build();
    }

    /** The dead letters the dlq-handler records, in Redis per tenant, for the API and console to list and redrive. */
    @Bean
    public DeadLetters deadLetters(LocalBackends backends, QueueNames names, ObjectProvider<io.sluice.api.tenant.Tenants> tenants, Clock clock) {
        io.sluice.api.tenant.Tenants known = tenants.getIfAvailable(io.sluice.api.tenant.Tenants::none);
        return new DeadLetters(new RedisDeadLetterStore(backends.redisson(), backends.redisKeyPrefix()), backends.ports().queue(), names,
                known::tenantOf, clock);
    }

    @Bean(destroyMethod = "close")
    QueueHousekeeping queueHousekeeping(LocalBackends backends, QueueNames names, TaskFunctionBeans functions, AlertSink alerts,
                                        CompletionListener completions, DeadLetters letters, LocalRuntime runtime) {
        DeadLetterHandler deadLetters = Alerting.deadLetters(backends.ports(), names, alerts, letters, runtime.observer());
        return new QueueHousekeeping(backends.ports().queue(), names, functions.names(), deadLetters, completions);
    }

    /** Problems are logged, one line each, and the pipeline is left out; they never stop the start. */
    @Bean
    public PipelineCatalog pipelineCatalog(SluiceLocalProperties properties, TaskFunctionBeans functions, Patterns patterns,
                                           PipelineCatalog.Sources sources) {
        PipelineCatalog catalog = PipelineCatalog.load(properties.pipelinesDir(), functions.names(), patterns, sources);
        if (!Files.isDirectory(catalog.directory())) {
            LOG.warn("no pipelines directory {}; create it and put <id>.asl.json or <id>.config.json files there (they are read on first use)",
                    catalog.directory());
        }
        for (PipelineProblem p : catalog.problems()) {
            if (p.warning()) {
                LOG.warn("{}", p);
            } else {
                LOG.error("{} (pipeline not loaded)", p);
            }
        }
        LOG.info("{} pipeline(s) from {}: {}", catalog.pipelines().size(), catalog.directory(),
                catalog.pipelines().stream().map(PipelineCatalog.Pipeline::id).toList());
        return catalog;
    }

    /**
     * Reports what happens to the pipelines folder while the runtime runs (a pipeline added, reloaded, fixed, removed,
     * and above all edited into an invalid one, with its problems), every two seconds, in the runtime's log.
     */
    @Bean(destroyMethod = "close")
    PipelineWatch pipelineWatch(PipelineCatalog catalog) {
        return new PipelineWatch(catalog, new PipelineWatch.Report(LOG::info, LOG::error), java.time.Duration.ofSeconds(2));
    }

    /**
     * The one way this host starts an execution (the API, schedules, object rules, upstream completion):
     * through the runtime, one at a time with its other messages; unknown or invalid pipelines are refused.
     */
    @Bean
    public ExecutionStarter executionStarter(PipelineCatalog catalog, LocalRuntime runtime, PipelineOptionsCatalog options) {
        return new PipelineStarter((PipelineStarter.PrioritizedLaunch) runtime::start, id -> switch (catalog.find(id)) {
            case PipelineCatalog.Lookup.Found f -> new PipelineDefinitions.Lookup.Found(f.pipeline().definition());
            case PipelineCatalog.Lookup.Invalid i -> new PipelineDefinitions.Lookup.Unavailable("pipeline '" + id + "' is invalid: " + i.problems());
            case PipelineCatalog.Lookup.Missing m -> new PipelineDefinitions.Lookup.Unavailable("there is no pipeline '" + id + "'");
        }, pipeline -> priorityOf(options, pipeline));
    }

    /** Named so, not {@code executions}: that name is the task function of {@code states:startExecution} (every Function bean is one). */
    @Bean
    public OrchestratorExecutions executionOperations(LocalRuntime runtime, ExecutionStarter starter, LocalBackends backends,
                                                     QueueNames names, SluiceLocalProperties properties, PipelineCatalog catalog,
                                                     ObjectProvider<StatusStore> status) {
        ExecutionStore store = backends.ports().executions();
        // Stop and redrive are applied by the runtime right away (the same compare-and-set commit its queue consumer
        // makes), so the answer shows their effect; callbacks go to the orchestrator's queue, as a task's result does.
        return OrchestratorExecutions.over(runtime::apply, starter, store, backends.ports().queue(), names,
                new FolderObjectStore(properties.dataDir()), status.getIfAvailable(), catalog::ids);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
