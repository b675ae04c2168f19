package io.sluice.aws;

import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.secrets.RedisAuthSecret;
import io.sluice.aws.secrets.SecretsProperties;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.snapstart.RestorableRedisson;
import io.sluice.aws.snapstart.RestoreHooks;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.aws.s3.S3ObjectStore;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisMapRunStore;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.runtime.RuntimePorts;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** The ports of a Sluice Lambda: Redis for state, claims, timers and definitions; SQS for queues. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SluiceAwsProperties.class, AwsServicesProperties.class, SecretsProperties.class})
public class AwsPorts {

    /**
     * The one Redis client of a Lambda: {@code SLUICE_REDIS_URL} ({@code rediss://} for TLS), logged in with the password
     * of the secret {@code SLUICE_REDIS_AUTH_SECRET_ARN} names (Secrets Manager's endpoint is {@code sluice.secrets.endpoint}
     * or {@code sluice.aws-endpoint} when set), read when the client opens: at init, and again after a SnapStart restore
     * ({@link #snapStartHooks}), when the client is opened anew behind the same adapters.
     */
    @Bean
    public RestorableRedisson restorableRedis(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets, Clock clock,
                                              ObjectProvider<io.sluice.aws.metrics.EmfMetrics> metrics) {
        // A Lambda instance handles one invocation at a time: a small pool, opened with one connection. Its round trips are
        // timed into the function's EMF registry (sluice.redis.calls), the client opened after a restore's too.
        return RestorableRedisson.open(() -> RedisAdapters.meterCalls(
                RedisAdapters.client(redisProperties(properties, aws, secrets, clock).url(), RedisAdapters.Pool.FUNCTION),
                metrics.stream().findFirst().map(io.sluice.aws.metrics.EmfMetrics::registry).orElse(null)));
    }

    @Bean(name = "redisAdapters", destroyMethod = "close")
    public RedisAdapters restorableRedisAdapters(RestorableRedisson redis, SluiceAwsProperties properties) {
        return RedisAdapters.over(redis.client(), SluiceRedisProperties.of(properties.redisUrl()).withKeyPrefix(properties.redisKeyPrefix()));
    }

    /**
     * The map runs' records and counts ({@code RedisMapRunStore}), beside the executions in the deployment's Redis: the
     * map-run function writes them, UpdateMapRun changes them, and DescribeMapRun and {@code GET /v1/executions/{id}/map-runs}
     * count a run's children from them.
     */
    @Bean
    public MapRunStore mapRunStore(RedisAdapters redisAdapters, SluiceAwsProperties properties) {
        return new RedisMapRunStore(redisAdapters.redisson(), properties.redisKeyPrefix());
    }

    /**
     * SnapStart's before-checkpoint and after-restore hooks for the application's clients (registered with {@code org.crac},
     * which Lambda's SnapStart calls; on any other JVM nothing is registered): Redis is closed before the snapshot and opened
     * again, with its secret read again, after a restore; so is every other {@link RestoreHooks.Restorable} bean.
     */
    @Bean
    public RestoreHooks snapStartHooks(RestorableRedisson redis, ObjectProvider<RestoreHooks.Restorable> clients) {
        List<RestoreHooks.Restorable> all = new ArrayList<>();
        all.add(new RestoreHooks.Restorable() {
            @Override
            public void closeForCheckpoint() {
                redis.close();
            }

            @Override
            public void openAfterRestore() {
                redis.reopen();
            }
        });
        clients.orderedStream().forEach(all::add); // the other clients made at init (the integrations' HTTP client)
        return new RestoreHooks(all).register();
    }

    /**
     * Redis adapters over a client of their own, for a handler that rebuilds its whole wiring after a restore (the lean
     * orchestrator's {@code lean.SnapStartHooks}); the secret is read here.
     */
    public RedisAdapters redisAdapters(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets, Clock clock) {
        return RedisAdapters.open(redisProperties(properties, aws, secrets, clock), RedisAdapters.Pool.FUNCTION);
    }

    private static SluiceRedisProperties redisProperties(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets,
                                                         Clock clock) {
        return RedisAuthSecret.apply(SluiceRedisProperties.of(properties.redisUrl()).withKeyPrefix(properties.redisKeyPrefix()),
                properties.redisAuthSecretArn(), () -> AwsClients.build(SecretsManagerClient.builder(), aws.settings(secrets.endpoint())), clock);
    }

    /**
     * The ports every function of this deployment runs on and reads executions through: Redis and SQS, and with the
     * deployment's bucket ({@code sluice.s3.bucket}) its waiting executions sleeping there, under {@code hibernated/}
     * ({@link RuntimePorts#sleepingIn}), so the orchestrator, the task worker, the tick, the HTTP and Step Functions APIs
     * and the completion handlers all read a sleeping execution as any other and wake it alike. How long an execution
     * waits before it sleeps is the runtime's setting ({@code sluice.hibernate.after}, {@link AwsFunctions#sleepAfter}).
     */
    @Bean
    public RuntimePorts runtimePorts(RedisAdapters redisAdapters, SqsTaskQueue queue, ObjectProvider<S3ObjectStore> bucket) {
        return runtimePorts(redisAdapters, queue, bucket.getIfAvailable());
    }

    /** The ports over {@code redis} and {@code queue}, sleeping in {@code bucket} (none: nothing sleeps); the lean orchestrator's too. */
    public static RuntimePorts runtimePorts(RedisAdapters redis, SqsTaskQueue queue, ObjectStore bucket) {
        // Activities' tasks wait in Redis for the workers that poll the http-api's Step Functions API (GetActivityTask).
        RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                redis.definitionStore(), redis.activityTasks());
        return bucket == null ? ports : ports.sleepingIn(bucket);
    }

    @Bean(destroyMethod = "close")
    public SqsTaskQueue taskQueue(SluiceAwsProperties properties) {
        SqsQueueSettings settings = properties.sqsEndpoint() == null
                ? SqsQueueSettings.aws(properties.region(), properties.maxReceives())
                : SqsQueueSettings.local(properties.sqsEndpoint(), properties.region(), properties.maxReceives());
        // One standard queue holds every FIFO queue's delayed messages (timers, backoffs), each naming its queue: the module's
        // <prefix>-delayed, which delayed-forwarder drains.
        return SqsTaskQueue.connect(settings.withDelayedQueue(delayedQueue(properties.queuePrefix())));
    }

    /** The deployment's one delayed queue, {@code <prefix>-delayed}. */
    public static String delayedQueue(String queuePrefix) {
        return queuePrefix + "-delayed";
    }

    @Bean
    public QueueNames queueNames(SluiceAwsProperties properties) {
        return new QueueNames(properties.queuePrefix());
    }

    @Bean
    public Clock clock() {
        return Clock.systemUTC();
    }
}
