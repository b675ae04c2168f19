package io.sluice.azure.host;

import io.sluice.api.bundle.BundledPipelines;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.Tenants;
import io.sluice.azure.AzureHttpIntegrationProperties;
import io.sluice.azure.AzurePorts;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.integration.jobs.GlueHandler;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.maprun.MapRunCoordinator;
import io.sluice.functions.maprun.MapRunFunction;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.export.PushExport;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.transfer.export.HttpExportTargets;
import io.sluice.functions.task.config.ReadConfig;
import io.sluice.functions.task.dependency.DependencyCheck;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.functions.task.status.WriteStatus;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.Warehouse;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisDependencyIndex;
import io.sluice.redis.RedisExecutionLinks;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The task functions on Azure, each a {@code Function<JsonNode, JsonNode>} bean named as Task resources name
 * it, made when the Azure service behind it is configured ({@link AzurePorts}'s conditions): {@code read-config}
 * (Blob configs, Key Vault secrets), {@code write-status} (Table storage), {@code glue-launch} (Data Factory
 * pipeline runs), {@code copy-to-warehouse} (Synapse), {@code dependency-check} (Redis), {@code integrations}
 * (Blob as S3, Data Factory as Glue, Table storage as DynamoDB, Service Bus and Event Grid as SNS, SQS and
 * EventBridge), {@code executions} / {@code map-run} (child executions and distributed Maps over Redis and Blob), and
 * {@code push-export} (http targets, reading the extract from Blob, the export ledger on Table storage).
 */
@Configuration(proxyBeanMethods = false)
public class AzureTaskFunctions {
    private static final String PUSH_EXPORT = "push-export";
    private static final Backoff POLLING = new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(30), 0);

    @Bean
    public TaskFunctionCatalog taskFunctionCatalog(Map<String, Function<JsonNode, JsonNode>> functions) {
        return new TaskFunctionCatalog(functions);
    }

    /** Who owns which pipeline, from the API's tenants: a run reads its own tenant's configs and secrets only. */
    @Bean
    public Tenancy tenancy(ObjectProvider<Tenants> tenants) {
        Tenants known = tenants.getIfAvailable(Tenants::none);
        return known::tenantOf;
    }

    @Bean
    public JobCompletions jobCompletions() {
        return new JobCompletions();
    }

    @Bean(ReadConfig.NAME)
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Function<JsonNode, JsonNode> readConfig(ConfigStore configs, ObjectProvider<SecretResolver> secrets, Tenancy tenancy) {
        return new ReadConfig(configs, secrets.getIfAvailable(() -> name -> Optional.empty()), tenancy, ClasspathPatterns.patterns());
    }

    @Bean(WriteStatus.NAME)
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Function<JsonNode, JsonNode> writeStatus(StatusStore statusStore, Clock clock) {
        return new WriteStatus(statusStore, clock);
    }

    /** Waits for a pipeline run by polling from 1 s (doubling, up to 30 s). */
    @Bean("glue-launch")
    @ConditionalOnProperty("sluice.azure.datafactory.factory")
    public Function<JsonNode, JsonNode> glueLaunch(JobLauncher launcher, JobCompletions completions, Clock clock,
                                                   ObjectProvider<ConfigStore> configs) {
        return new GlueLaunch(launcher, completions, POLLING, clock, configs.getIfAvailable(() -> name -> Optional.empty()));
    }

    @Bean(CopyToWarehouse.NAME)
    @ConditionalOnExpression("'${sluice.azure.synapse.jdbc-url:}' != '' and (" + AzurePorts.STORAGE + ")")
    public Function<JsonNode, JsonNode> copyToWarehouse(Warehouse warehouse, Clock clock, ObjectProvider<ConfigStore> configs) {
        return new CopyToWarehouse(warehouse, configs.getIfAvailable(() -> name -> Optional.empty()), clock);
    }

    /**
     * Pushes an extract from Blob storage to the http targets a config describes (an sftp target is refused: the bundle
     * has no SSH client), each batch once (the export ledger on Table storage), the rate limit shared through Redis,
     * to the hosts of {@code sluice.integrations.http.allowed-hosts} only (the list http:invoke uses).
     */
    @Bean(PUSH_EXPORT)
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Function<JsonNode, JsonNode> pushExport(ObjectStore objects, ConfigStore configs, ExportLedger ledger, RedisAdapters redis,
                                                   SluiceAzureHostProperties host, Clock clock, ObjectProvider<SecretResolver> secrets,
                                                   AzureHttpIntegrationProperties http) {
        HttpExportTargets targets = new HttpExportTargets("Azure Functions", OutboundPolicy.allowing(http.allowedHosts()),
                new RedisTokenBucket(redis.redisson(), host.redisKeyPrefix()), clock, Sleeper.REAL);
        return new PushExport(Map.of(), targets, configs, objects, ledger, clock,
                new ScopedSecrets(secrets.getIfAvailable(() -> name -> Optional.empty())));
    }

    /** Run as {@code sluice:function:dependency-check.waitForTaskToken}; a registration outlives its deadline by a day. */
    @Bean("dependency-check")
    public Function<JsonNode, JsonNode> dependencyCheck(RedisDependencyIndex index, RedisAdapters redis, TaskQueue queue, QueueNames names,
                                                        Clock clock, Tenancy tenancy) {
        return new DependencyCheck(index, redis.timerIndex(), queue, names, clock, Duration.ofDays(1), tenancy);
    }

    /**
     * Step Functions service integrations that have a meaning here: S3 on Blob, Glue on Data Factory, and every
     * {@link IntegrationHandler} bean (DynamoDB on Table storage, SNS/SQS/EventBridge on Service Bus and Event Grid:
     * {@link AzureIntegrationHandlers}).
     */
    @Bean(Integrations.NAME)
    public Function<JsonNode, JsonNode> integrations(ObjectProvider<ObjectStore> objects, ObjectProvider<JobLauncher> launcher,
                                                     JobCompletions completions, Clock clock,
                                                     ObjectProvider<IntegrationHandler> more, ObjectProvider<ConfigStore> configs) {
        List<IntegrationHandler> handlers = new ArrayList<>();
        more.orderedStream().forEach(handlers::add);
        objects.ifAvailable(store -> handlers.add(new ObjectStoreHandler(store)));
        launcher.ifAvailable(l -> handlers.add(new GlueHandler(new GlueLaunch(l, completions, POLLING, clock,
                configs.getIfAvailable(() -> name -> Optional.empty())))));
        return new Integrations(new IntegrationRegistry(Platform.AZURE, handlers, null));
    }

    /** Child executions and distributed Maps: a StateMachineArn's name is a bundled pipeline, a Bucket a folder of the container. */
    @Bean
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public ChildRuns childRuns(RedisAdapters redis, io.sluice.runtime.RuntimePorts ports, MapRunStore mapRuns, SluiceAzureHostProperties host, TaskQueue queue, QueueNames names, ObjectStore objects,
                               BundledPipelines pipelines, ObjectProvider<Orchestrator> orchestrator, Tenancy tenancy,
                               ObjectProvider<TaskFunctionCatalog> functions, Clock clock) {
        return ChildRuns.wire(new ChildRuns.Wiring(mapRuns,
                new RedisExecutionLinks(redis.redisson(), host.redisKeyPrefix()), ports.executions(), queue, names,
                Buckets.folders(objects), pipelines,
                (pipeline, name, definition, input) -> orchestrator.getObject().start(pipeline, name, definition, input),
                tenancy, name -> Optional.ofNullable(functions.getObject().byName().get(name)), clock, MapRunCoordinator.Settings.defaults()));
    }

    @Bean(StartExecution.NAME)
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Function<JsonNode, JsonNode> executions(ChildRuns children) {
        return children.executions();
    }

    @Bean(MapRunFunction.NAME)
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Function<JsonNode, JsonNode> mapRun(ChildRuns children) {
        return children.mapRun();
    }

    /** A child's end reaches its parent (the events function calls it with every completion). */
    @Bean
    @ConditionalOnExpression(AzurePorts.STORAGE)
    public Consumer<FinishedExecution> childCompletions(ChildRuns children) {
        return e -> children.handlers().forEach(h -> h.accept(e));
    }
}
