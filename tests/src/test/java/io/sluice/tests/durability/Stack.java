package io.sluice.tests.durability;

import io.sluice.runtime.RuntimePorts;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.local.objects.FolderObjectStore;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The real durable stack for these tests — Redis adapters and a queue: the Redis queue, or SQS on
 * ElasticMQ when {@code sqsEndpoint} is set — with short visibility timeouts and leases so that
 * recovery after a crash takes seconds, not minutes. With {@code objects}, waiting executions sleep in that folder (as
 * the local host's data folder) once what they wait for is {@link #SLEEP_AFTER} away.
 */
record Stack(String redisUrl, URI sqsEndpoint, String keyPrefix, String queuePrefix, Path objects) implements AutoCloseable {
    /** How {@link CrashNode} is told to use the Redis queue. */
    static final String REDIS_QUEUE = "redis-queue";
    /** The system property that tells a node where executions sleep. */
    static final String OBJECTS_PROPERTY = "sluice.crash.objects";
    static final Duration SLEEP_AFTER = Duration.ofSeconds(1);

    Stack(String redisUrl, URI sqsEndpoint, String keyPrefix, String queuePrefix) {
        this(redisUrl, sqsEndpoint, keyPrefix, queuePrefix, null);
    }

    static final Duration VISIBILITY = Duration.ofSeconds(2);
    static final Duration LEASE = Duration.ofSeconds(2);
    static final int MAX_RECEIVES = 20;

    static final class Opened implements AutoCloseable {
        final RedisAdapters redis;
        final TaskQueue queue;
        private final AutoCloseable closeQueue;
        final RuntimePorts ports;

        Opened(Stack stack) {
            this.redis = RedisAdapters.open(SluiceRedisProperties.of(stack.redisUrl).withKeyPrefix(stack.keyPrefix));
            if (stack.sqsEndpoint == null) {
                RedisTaskQueue q = new RedisTaskQueue(redis.redisson(), stack.keyPrefix, MAX_RECEIVES);
                this.queue = q;
                this.closeQueue = q;
            } else {
                SqsTaskQueue q = SqsTaskQueue.connect(SqsQueueSettings.local(stack.sqsEndpoint, "us-east-1", MAX_RECEIVES));
                this.queue = q;
                this.closeQueue = q;
            }
            RuntimePorts ports = new RuntimePorts(redis.executionStore(), redis.idempotencyStore(), queue, redis.timerIndex(),
                    redis.definitionStore());
            this.ports = stack.objects == null ? ports : ports.sleepingIn(new FolderObjectStore(stack.objects));
        }

        @Override
        public void close() {
            try {
                closeQueue.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not close the queue", e);
            } finally {
                redis.close();
            }
        }
    }

    /** The queue as {@link CrashNode}'s second argument names it. */
    String queueArgument() {
        return sqsEndpoint == null ? REDIS_QUEUE : sqsEndpoint.toString();
    }

    static URI sqsEndpointOf(String queueArgument) {
        return queueArgument.equals(REDIS_QUEUE) ? null : URI.create(queueArgument);
    }

    Opened open() {
        return new Opened(this);
    }

    QueueNames names() {
        return new QueueNames(queuePrefix);
    }

    LocalRuntime.Settings settings(Boundary.Probe probe) {
        LocalRuntime.Settings settings = new LocalRuntime.Settings(names(), VISIBILITY, LEASE, 16, Duration.ofMillis(200), Duration.ofMillis(500), probe);
        return settings.withHibernateAfter(pipeline -> objects == null ? null : SLEEP_AFTER);
    }

    @Override
    public void close() {
    }
}
