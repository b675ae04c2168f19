package io.sluice.local.embedded;

import io.sluice.runtime.RuntimePorts;
import io.sluice.aws.sqs.SqsQueueSettings;
import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.OwnerOnlyFiles;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.SluiceRedisProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RedissonClient;

/**
 * The queue and the Redis a local runtime runs on: the servers named in {@link Settings}, or embedded
 * ones started here (a Redis process; ElasticMQ in this JVM when the queue is SQS) and stopped by
 * {@link #close()}. The queue is Redis itself by default ({@link RedisTaskQueue}), or SQS.
 */
public final class LocalBackends implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LocalBackends.class.getName());

    /** Which server holds the queues. */
    public enum Queue {
        /** Queues in the runtime's Redis, under its key prefix: no server of their own. */
        REDIS,
        /** An SQS-compatible server: the one {@code sqsUrl} names, else an ElasticMQ started in this JVM. */
        SQS
    }

    /**
     * @param queue       where the queues are; the {@code sqs*} settings and {@code region} apply to {@link Queue#SQS} only
     * @param sqsUrl      an SQS-compatible endpoint, or {@code null} to start ElasticMQ on {@code sqsPort} ({@code 0}: any free port)
     * @param redisUrl    {@code redis://...}, or {@code null} to start a Redis (the {@code redisBinary} found on
     *                    {@code searchPath}, else the embedded-redis jar)
     * @param maxReceives receives before a message is dead-lettered
     * @param redisDir    where a started Redis keeps its files, kept across restarts (its password in {@code <dir>.password},
     *                    mode 0600); {@code null} for a temporary folder and a password held in memory only. One runtime per
     *                    folder: the caller holds its {@link RuntimeFolder}'s lock
     * @param persistence what a started Redis keeps on disk
     */
    public record Settings(Queue queue, URI sqsUrl, int sqsPort, String region, String redisUrl, String redisKeyPrefix, String redisBinary,
                           String searchPath, int maxReceives, Path redisDir, EmbeddedRedis.Persistence persistence,
                           int historyInlineBytes) {
        /** History lines over {@link SluiceRedisProperties#DEFAULT_HISTORY_INLINE_BYTES} kept by reference (once given objects). */
        public Settings(Queue queue, URI sqsUrl, int sqsPort, String region, String redisUrl, String redisKeyPrefix, String redisBinary,
                        String searchPath, int maxReceives, Path redisDir, EmbeddedRedis.Persistence persistence) {
            this(queue, sqsUrl, sqsPort, region, redisUrl, redisKeyPrefix, redisBinary, searchPath, maxReceives, redisDir, persistence,
                    SluiceRedisProperties.DEFAULT_HISTORY_INLINE_BYTES);
        }

        /** A throwaway Redis when one is started: a temporary folder, no persistence. */
        public Settings(Queue queue, URI sqsUrl, int sqsPort, String region, String redisUrl, String redisKeyPrefix, String redisBinary,
                        String searchPath, int maxReceives) {
            this(queue, sqsUrl, sqsPort, region, redisUrl, redisKeyPrefix, redisBinary, searchPath, maxReceives, null,
                    EmbeddedRedis.Persistence.NONE);
        }
    }

    private final RuntimePorts ports;
    private final RedissonClient redisson;
    private final String redisKeyPrefix;
    private final String queueDescription;
    private final String redisDescription;
    private final Deque<AutoCloseable> opened;

    private LocalBackends(RuntimePorts ports, RedissonClient redisson, String redisKeyPrefix, String queueDescription,
                          String redisDescription, Deque<AutoCloseable> opened) {
        this.ports = ports;
        this.redisson = redisson;
        this.redisKeyPrefix = redisKeyPrefix;
        this.queueDescription = queueDescription;
        this.redisDescription = redisDescription;
        this.opened = opened;
    }

    /** Connects to, or starts, both servers; the queue side and the Redis side start side by side. */
    public static LocalBackends open(Settings s) {
        Deque<AutoCloseable> opened = new ArrayDeque<>();
        CompletableFuture<RedisSide> redisSide = CompletableFuture.supplyAsync(() -> RedisSide.open(s), r -> Thread.ofVirtual().start(r));
        try {
            TaskQueue queue;
            String queueDescription;
            RedisSide redis;
            if (s.queue() == Queue.SQS) {
                URI endpoint = s.sqsUrl();
                queueDescription = "SQS-compatible server at " + endpoint;
                if (endpoint == null) {
                    EmbeddedElasticMq mq = push(opened, EmbeddedElasticMq.start(s.sqsPort()));
                    endpoint = mq.endpoint();
                    queueDescription = mq.toString();
                }
                SqsTaskQueue sqs = push(opened, SqsTaskQueue.connect(sqsSettings(endpoint, s)));
                queue = sqs;
                redis = push(opened, redisSide.join());
            } else {
                redis = push(opened, redisSide.join());
                RedisTaskQueue redisQueue = push(opened, new RedisTaskQueue(redis.adapters().redisson(), s.redisKeyPrefix(), s.maxReceives()));
                queue = redisQueue;
                queueDescription = "Redis (the same server, key prefix " + s.redisKeyPrefix() + ")";
            }
            RuntimePorts ports = new RuntimePorts(redis.adapters().executionStore(), redis.adapters().idempotencyStore(),
                    queue, redis.adapters().timerIndex(), redis.adapters().definitionStore(), redis.adapters().activityTasks());
            return new LocalBackends(ports, redis.adapters().redisson(), s.redisKeyPrefix(), queueDescription, redis.description(),
                    opened);
        } catch (RuntimeException e) {
            closeUnlessOpened(redisSide, opened);
            closeAll(opened);
            throw e instanceof CompletionException c && c.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Waits for the Redis side to finish starting, so no Redis process outlives a failed start. */
    private static void closeUnlessOpened(CompletableFuture<RedisSide> redisSide, Deque<AutoCloseable> opened) {
        RedisSide redis;
        try {
            redis = redisSide.join();
        } catch (RuntimeException e) {
            return; // it failed to open, and cleaned up after itself
        }
        if (!opened.contains(redis)) {
            redis.close();
        }
    }

    /** The Redis adapters, and the server started for them if none was named; closes both. */
    private record RedisSide(EmbeddedRedis server, RedisAdapters adapters, String description) implements AutoCloseable {
        static RedisSide open(Settings s) {
            EmbeddedRedis server = s.redisUrl() == null ? EmbeddedRedis.start(options(s)) : null;
            if (server != null) {
                server.leftOver().ifPresent(LOG::warning);
            }
            String url = server == null ? s.redisUrl() : server.url() + server.unixSocket().map(EmbeddedRedis::socketQuery).orElse("");
            try {
                RedisAdapters adapters = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(s.redisKeyPrefix())
                        .withHistoryInlineBytes(s.historyInlineBytes()));
                String description = (server == null ? "Redis at " + redacted(url) : server.toString())
                        + " (key prefix " + s.redisKeyPrefix() + ")";
                return new RedisSide(server, adapters, description);
            } catch (RuntimeException e) {
                if (server != null) {
                    server.close();
                }
                throw e;
            }
        }

        @Override
        public void close() {
            try {
                adapters.close();
            } finally {
                if (server != null) {
                    server.close();
                }
            }
        }
    }

    /** A random password for every started Redis: kept beside its folder when that is kept, else in memory. */
    private static EmbeddedRedis.Options options(Settings s) {
        String password;
        try {
            password = s.redisDir() == null ? OwnerOnlyFiles.randomPassword()
                    : OwnerOnlyFiles.passwordIn(s.redisDir().resolveSibling(s.redisDir().getFileName() + ".password"));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not keep the embedded Redis's password beside " + s.redisDir(), e);
        }
        return new EmbeddedRedis.Options(s.redisBinary(), s.searchPath(), s.redisDir(), s.persistence(), password);
    }

    /** Keys that work against ElasticMQ; against AWS itself, the SDK's default credentials. */
    private static SqsQueueSettings sqsSettings(URI endpoint, Settings s) {
        if (endpoint.getHost() != null && endpoint.getHost().endsWith(".amazonaws.com")) {
            return new SqsQueueSettings(endpoint, s.region(), null, true, s.maxReceives());
        }
        return SqsQueueSettings.local(endpoint, s.region(), s.maxReceives());
    }

    private static <T extends AutoCloseable> T push(Deque<AutoCloseable> opened, T resource) {
        if (resource != null) {
            opened.push(resource);
        }
        return resource;
    }

    public RuntimePorts ports() {
        return ports;
    }

    /**
     * These backends, their waiting executions sleeping in {@code objects} ({@link RuntimePorts#sleepingIn}); the
     * returned backends own what these opened (close one of them).
     */
    public LocalBackends sleepingIn(io.sluice.orchestration.port.ObjectStore objects) {
        return new LocalBackends(ports.sleepingIn(objects), redisson, redisKeyPrefix, queueDescription, redisDescription, opened);
    }

    /** The Redis client the ports use, for the other Redis adapters (dependency index, export ledger, rate limits). */
    public RedissonClient redisson() {
        return redisson;
    }

    /** The first segment of every key this runtime writes. */
    public String redisKeyPrefix() {
        return redisKeyPrefix;
    }

    /** Which queue server is used, for people: "Redis (the same server, key prefix sluice)", "embedded ElasticMQ at http://127.0.0.1:9324". */
    public String queueDescription() {
        return queueDescription;
    }

    /** Which Redis is used, for people; a password in the URL is never shown. */
    public String redisDescription() {
        return redisDescription;
    }

    /** Closes the clients, then stops what was started here, newest first. */
    @Override
    public void close() {
        closeAll(opened);
    }

    private static void closeAll(Deque<AutoCloseable> opened) {
        while (!opened.isEmpty()) {
            AutoCloseable c = opened.pop();
            try {
                c.close();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "could not close " + c, e);
            }
        }
    }

    static String redacted(String url) {
        int at = url.lastIndexOf('@');
        int scheme = url.indexOf("://");
        return at < 0 || scheme < 0 ? url : url.substring(0, scheme + 3) + "***@" + url.substring(at + 1);
    }
}
