package io.sluice.aws.lean;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.aws.AwsFunctions;
import io.sluice.aws.AwsPorts;
import io.sluice.aws.AwsRetention;
import io.sluice.aws.AwsTriggers;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.s3.LazyS3ObjectStore;
import io.sluice.aws.s3.S3Clients;
import io.sluice.aws.s3.S3Location;
import io.sluice.aws.s3.S3Properties;
import io.sluice.aws.secrets.SecretsProperties;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.retention.Retention;
import io.sluice.redis.RedisAdapters;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.cloud.function.context.FunctionRegistration;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The {@code MAIN_CLASS} of the {@code orchestrator} Lambda, the function every transition goes through and so the one
 * whose cold start users feel: Spring Cloud Function's {@code FunctionInvoker} sees an {@link ApplicationContextInitializer}
 * and starts it through its functional application, so nothing is scanned and no auto-configuration runs; this class
 * registers the orchestrator and exactly the ports it uses, built by the same methods the full application's
 * configuration ({@link AwsPorts}, {@link AwsFunctions}, {@link AwsRetention}) builds them with, so the function does
 * what the full application's {@code orchestrator} does. The other functions keep {@code io.sluice.aws.SluiceAwsApplication}.
 *
 * <p>For SnapStart, {@link SnapStartHooks} prime the handler before the snapshot and reconnect after a restore.
 */
public final class OrchestratorLambda implements ApplicationContextInitializer<GenericApplicationContext> {
    /** The function's name, as on every platform. */
    public static final String FUNCTION = "orchestrator";
    /** The CloudWatch namespace of its metrics, as the other functions read it ({@code AwsFunctions}); default {@code Sluice}. */
    static final String METRICS_NAMESPACE = "sluice.metrics.namespace";

    @Override
    public void initialize(GenericApplicationContext context) {
        Environment env = context.getEnvironment();
        OrchestratorSettings settings = OrchestratorSettings.of(env);
        // The clients are built on the hooks' own thread, started with Spring Boot's run (EarlyStart) when the settings
        // it bound then are these, else here, while Spring Cloud Function finishes the context on this one.
        SnapStartHooks early = EarlyStart.take(settings);
        SnapStartHooks hooks = SnapStartHooks.register(early != null ? early : settings.start(env));
        context.registerBean(SnapStartHooks.class, () -> hooks, d -> d.setDestroyMethodName("close"));
        Function<SQSEvent, SQSBatchResponse> handler = hooks.handler();
        context.registerBean(FUNCTION, FunctionRegistration.class,
                () -> new FunctionRegistration<>(handler, FUNCTION)
                        .type(ResolvableType.forClassWithGenerics(Function.class, SQSEvent.class, SQSBatchResponse.class).getType()));
    }

    /**
     * The orchestrator over its own Redis and SQS clients, as {@link AwsPorts} and {@link AwsFunctions} build them; the
     * SQS client (the AWS SDK's classes, TLS's trust store) is built on a thread of its own while this one opens Redis.
     */
    static SnapStartHooks.Wiring wire(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets,
                                      Retention retention) {
        return wire(properties, aws, secrets, retention, false, io.sluice.functions.tenancy.Tenancy.SINGLE);
    }

    /** @param tenancy whose pipelines are whose (the bundled tenants file, {@link #tenancy}): a Task on an activity queues to its tenant's */
    static SnapStartHooks.Wiring wire(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets,
                                      Retention retention, boolean events, io.sluice.functions.tenancy.Tenancy tenancy) {
        return wire(properties, aws, secrets, retention, events, tenancy, "Sluice");
    }

    /** @param namespace the CloudWatch namespace its metrics go to ({@value #METRICS_NAMESPACE}; the Terraform module's Sluice/&lt;name&gt;) */
    static SnapStartHooks.Wiring wire(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets,
                                      Retention retention, boolean events, io.sluice.functions.tenancy.Tenancy tenancy, String namespace) {
        return wire(properties, aws, secrets, retention, events, tenancy, namespace, Sleep.NONE);
    }

    /**
     * Where waiting executions sleep, as the other functions have it ({@link AwsPorts#runtimePorts}): the deployment's
     * bucket and the runtime's {@code sleepAfter}; {@link #NONE} without a bucket.
     *
     * @param s3 {@code null}: no bucket, nothing sleeps
     */
    record Sleep(S3Properties s3, Function<String, Duration> after) {
        static final Sleep NONE = new Sleep(null, pipeline -> null);
    }

    /** @param sleep where its waiting executions sleep; the bucket's S3 client is built when first needed ({@link LazyS3ObjectStore}) */
    static SnapStartHooks.Wiring wire(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets,
                                      Retention retention, boolean events, io.sluice.functions.tenancy.Tenancy tenancy, String namespace,
                                      Sleep sleep) {
        AwsPorts ports = new AwsPorts();
        AwsFunctions functions = new AwsFunctions();
        Clock clock = ports.clock();
        QueueNames names = ports.queueNames(properties);
        CompletableFuture<SqsTaskQueue> queue = new CompletableFuture<>();
        Thread sqs = new Thread(() -> {
            try {
                queue.complete(ports.taskQueue(properties));
            } catch (Throwable e) {
                queue.completeExceptionally(e);
            }
        }, SnapStartHooks.WIRING_THREAD + "-sqs");
        sqs.setDaemon(true);
        sqs.start();
        RedisAdapters redis;
        try {
            // After a SnapStart restore this reads the Redis AUTH secret again: a rotated password is picked up there too.
            redis = ports.redisAdapters(properties, aws, secrets, clock);
        } catch (RuntimeException e) {
            queue.thenAccept(SqsTaskQueue::close);
            throw e;
        }
        SqsTaskQueue q;
        try {
            q = queue.join();
        } catch (CompletionException e) {
            redis.close();
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        // Its metrics as the other Lambdas print them: EMF lines on standard out as each invocation ends, in their namespace.
        io.sluice.aws.metrics.EmfMetrics metrics = new io.sluice.aws.metrics.EmfMetrics(namespace, clock, System.out);
        redis.meterCalls(metrics.registry()); // sluice.redis.calls
        // No S3 client at the cold start: it is built when an execution first sleeps or wakes here.
        LazyS3ObjectStore bucket = sleep.s3() == null ? null : new LazyS3ObjectStore(() -> S3Clients.create(aws.settings(sleep.s3().endpoint())),
                new S3Location(sleep.s3().bucket(), sleep.s3().prefix()));
        Orchestrator orchestrator = AwsFunctions.runtime(AwsPorts.runtimePorts(redis, q, bucket), names, clock, retention, events, tenancy)
                .sleepAfter(sleep.after()).metrics(metrics.registry(), tenancy)
                .lambdaRouting(properties.lambdaRouting()).build().orchestrator();
        return new SnapStartHooks.Wiring(functions.orchestratorFunction(orchestrator, metrics),
                bucket == null ? List.of(q, redis) : List.of(q, redis, bucket));
    }

    /** Whose pipelines are whose: the bundled tenants file, as {@code AwsControl} reads it for the other functions. */
    static io.sluice.functions.tenancy.Tenancy tenancy(Environment env) {
        return io.sluice.aws.AwsControl.bundledTenancy(new PathMatchingResourcePatternResolver(),
                env.getProperty("sluice.api.tenants", AwsTriggers.DEFAULT_TENANTS));
    }

    /** The bundled pipelines, loaded as the other functions load them; {@code null} without the deployment's bucket (not needed). */
    static BundledPipelines bundle(Environment env) {
        if (!env.containsProperty("sluice.s3.bucket")) {
            return null;
        }
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
        // Loaded as the other functions load it (a dependsOn may name a machine the tenants file lets a tenant create).
        return BundledPipelines.load(resolver, env.getProperty("sluice.triggers.pipelines", AwsTriggers.DEFAULT_PIPELINES),
                io.sluice.aws.AwsControl.bundledTenancy(resolver, env.getProperty("sluice.api.tenants", AwsTriggers.DEFAULT_TENANTS)));
    }

    /** As {@link AwsRetention}: with the deployment's bucket ({@code pipelines} loaded), finished executions carry their retention; without, they are kept. */
    static Retention retention(Environment env, BundledPipelines pipelines) {
        if (pipelines == null) {
            return Retention.KEEP;
        }
        Duration retention = DurationStyle.detectAndParse(env.getProperty("sluice.retention", Retention.DEFAULT_RETENTION_SETTING));
        Duration nameReuse = DurationStyle.detectAndParse(env.getProperty("sluice.name-reuse", Retention.DEFAULT_NAME_REUSE_SETTING));
        return new AwsRetention().retention(retention, nameReuse, pipelines);
    }

    /** As {@link AwsPorts#runtimePorts} and {@link AwsFunctions#sleepAfter}: with the deployment's bucket, waiting executions sleep there. */
    static Sleep sleep(Environment env, S3Properties s3, BundledPipelines pipelines) {
        return pipelines == null || s3 == null || s3.bucket() == null ? Sleep.NONE
                : new Sleep(s3, AwsFunctions.sleepAfter(env.getProperty(io.sluice.runtime.HostSleep.PROPERTY), pipelines));
    }
}
