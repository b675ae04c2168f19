package io.sluice.aws;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.lambda.SqsBatchFunction;
import io.sluice.aws.lambda.SqsRecord;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.functions.retention.Retention;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.runtime.HostSleep;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.ResolvableType;

/**
 * The functions a Sluice deployment runs on Lambda, by the names they have on every platform:
 * {@code orchestrator} and {@code task-worker} (SQS-triggered, with partial batch failures),
 * {@code schedule-tick} (an EventBridge schedule); {@code events} and {@code dlq-handler} are in {@link AwsHousekeeping}.
 * Task functions are every {@code Function<JsonNode, JsonNode>} bean, by bean name.
 */
@Configuration(proxyBeanMethods = false)
public class AwsFunctions {

    /**
     * The runtime of every Sluice Lambda ({@link RuntimeBuilder}): the rules gate every task by the priority its pipeline
     * declares in the bundle (AwsControl), succeeded tasks record their lineage, and with an EventBridge bus
     * ({@link AwsEvents}) the execution events go on the events queue; with the deployment's bucket ({@link AwsRetention}) each
     * tick moves the executions whose retention passed into the archive there, giving each its status-table row, then out of
     * Redis (without it, nothing leaves).
     */
    @Bean
    public SluiceRuntime sluiceRuntime(RuntimePorts ports, QueueNames names, Clock clock, ObjectProvider<Retention> retention,
                                       org.springframework.core.env.Environment env, RuleBook rules, LineageLog lineage,
                                       BundledPipelines pipelines, io.sluice.functions.tenancy.Tenancy tenancy,
                                       ObjectProvider<S3ObjectStore> archive, ObjectProvider<StatusStore> status,
                                       io.sluice.aws.metrics.EmfMetrics metrics, SluiceAwsProperties lambda) {
        return runtime(ports, names, clock, retention.getIfAvailable(() -> Retention.KEEP), AwsEvents.enabled(env), tenancy)
                .sleepAfter(sleepAfter(env.getProperty(HostSleep.PROPERTY), pipelines))
                .lambdaRouting(lambda.lambdaRouting())
                .metrics(metrics.registry(), tenancy)
                .worker(tenancy.owners(), "lambda-" + ProcessHandle.current().pid(), Duration.ofMinutes(5))
                .rules(rules, tenancy, pipelines::priority)
                .lineage(lineage)
                .archiveTo(archive.getIfAvailable(), status.getIfAvailable())
                .build();
    }

    /**
     * The runtime's settings on Lambda, over the deployment's ports ({@link AwsPorts#runtimePorts}; also built by
     * {@code io.sluice.aws.lean.OrchestratorLambda}, without a context). A Task state on a Step Functions activity queues
     * to its pipeline's tenant's activity of that name ({@code tenancy}: the bundled tenants file), on every Lambda.
     *
     * @param events whether it puts the execution events on the events queue ({@link AwsEvents}: an EventBridge bus is set)
     */
    public static RuntimeBuilder runtime(RuntimePorts ports, QueueNames names, Clock clock, Retention retention,
                                         boolean events, io.sluice.functions.tenancy.Tenancy tenancy) {
        return RuntimeBuilder.on(ports, names, clock).retention(retention).events(events).activitiesOf(tenancy);
    }

    /**
     * How far everything an execution waits for must be before it sleeps in the bucket: {@code sluice.hibernate.after}
     * ({@code SLUICE_HIBERNATE_AFTER}: {@code PT5M}, {@code 5m}, {@code off}; five minutes unset), or its pipeline's own
     * {@code "hibernateAfter"} in the bundle ({@link HostSleep}).
     */
    public static java.util.function.Function<String, Duration> sleepAfter(String setting, BundledPipelines pipelines) {
        return HostSleep.of(setting).perPipeline(pipelines::options);
    }

    /**
     * The runtime's metrics as CloudWatch embedded metric format lines on standard out, printed as each invocation of the
     * orchestrator, the task worker, the tick and the dlq-handler ends ({@code sluice.metrics.namespace}, default {@code Sluice}).
     */
    @Bean
    public io.sluice.aws.metrics.EmfMetrics emfMetrics(Clock clock,
                                                       @org.springframework.beans.factory.annotation.Value("${sluice.metrics.namespace:Sluice}") String namespace) {
        return new io.sluice.aws.metrics.EmfMetrics(namespace, clock, System.out);
    }

    /**
     * The EMF registry as the application's {@code MeterRegistry}: the {@code http-api} function's web context times its
     * requests into it ({@code sluice.api.requests}, by route, method and status class) and prints them as each request ends.
     */
    @Bean
    public io.micrometer.core.instrument.MeterRegistry sluiceMeterRegistry(io.sluice.aws.metrics.EmfMetrics metrics) {
        return metrics.registry();
    }

    @Bean
    public OutboxDispatcher outboxDispatcher(SluiceRuntime runtime) {
        return runtime.outbox();
    }

    @Bean
    public Orchestrator sluiceOrchestrator(SluiceRuntime runtime) {
        return runtime.orchestrator();
    }

    @Bean(name = "orchestrator")
    public Function<SQSEvent, SQSBatchResponse>
            orchestratorFunction(Orchestrator orchestrator, io.sluice.aws.metrics.EmfMetrics metrics) {
        return metrics.flushingAfter(new SqsBatchFunction((body, attributes) -> {
            orchestrator.handle(MessageCodec.decode(body));
            return true;
        }));
    }

    @Bean(name = "task-worker")
    public Function<SQSEvent, SQSBatchResponse>
            taskWorker(ListableBeanFactory beans, SluiceRuntime runtime, io.sluice.aws.metrics.EmfMetrics metrics) {
        WorkerHarness harness = runtime.worker(taskFunctions(beans));
        // One task-worker Lambda consumes every priority channel (an event source mapping per channel queue, each with
        // its own maximum concurrency); a held task goes back to the channel it came from.
        // A message it cannot read it moves to that channel's dead-letter queue itself (idempotently) and is then done with.
        return metrics.flushingAfter(new SqsBatchFunction(record -> {
            String channel = channelOf(record);
            WorkerHarness.Disposition d = channel == null ? harness.handle(record.body()) : harness.handle(record.body(), channel);
            return d == WorkerHarness.Disposition.ACKNOWLEDGE || (channel != null && d == WorkerHarness.Disposition.DEAD_LETTER);
        }));
    }

    @Bean(name = "schedule-tick")
    public Supplier<String> scheduleTick(SluiceRuntime runtime, ObjectProvider<io.sluice.functions.alert.TieredAlerts> alerts,
                                         io.sluice.aws.metrics.EmfMetrics metrics, io.sluice.redis.RedisAdapters redis, SluiceAwsProperties properties,
                                         Clock clock, org.springframework.core.env.Environment env) {
        if ("schedule-tick".equals(env.getProperty("spring.cloud.function.definition"))) {
            // Only the tick's Lambda reads the runs waiting on upstreams (one Redis read a flush, once a minute); a gauge on
            // the orchestrator's or the worker's registry would read Redis at the end of every invocation.
            io.sluice.runtime.metrics.WaitGauges.watch(metrics.registry(),
                    new io.sluice.redis.RedisDependencyIndex(redis.redisson(), properties.redisKeyPrefix()), clock);
        }
        // The tick archives when there is a bucket; then the alert tiers (AwsHousekeeping), as on Azure.
        return metrics.flushingAfter(() -> runtime.tickWithAlerts(alerts.getIfAvailable()));
    }

    /** The Sluice name of the channel queue a record came from (its ARN's last part, without {@code .fifo}); null if unnamed. */
    static String channelOf(SqsRecord record) {
        String name = record.queueName();
        return name == null ? null : name.endsWith(".fifo") ? name.substring(0, name.length() - ".fifo".length()) : name;
    }

    /** Every {@code Function<JsonNode, JsonNode>} bean of the application, by bean name. */
    public static TaskFunctions taskFunctions(ListableBeanFactory beans) {
        ResolvableType type = ResolvableType.forClassWithGenerics(Function.class, JsonNode.class, JsonNode.class);
        Map<String, Function<JsonNode, JsonNode>> functions = new HashMap<>();
        for (String name : beans.getBeanNamesForType(type)) {
            @SuppressWarnings("unchecked")
            Function<JsonNode, JsonNode> f = (Function<JsonNode, JsonNode>) beans.getBean(name);
            functions.put(name, f);
        }
        return TaskFunctions.of(functions);
    }
}
