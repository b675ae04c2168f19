package io.sluice.redis;

import io.netty.channel.epoll.Epoll;
import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.orchestration.port.UpstreamLedger;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.ClusterServersConfig;
import org.redisson.config.Config;
import org.redisson.config.ReadMode;
import org.redisson.config.SingleServerConfig;
import org.redisson.config.TransportMode;
import org.redisson.config.SubscriptionMode;

/**
 * The Redis adapters on one Redisson client, built from {@link SluiceRedisProperties}.
 * Closing it shuts the client down. Hosts that manage their own {@link RedissonClient} construct
 * the adapters directly instead.
 */
public final class RedisAdapters implements AutoCloseable {
    private final RedissonClient redisson;
    private final RedisExecutionStore executionStore;
    private final RedisIdempotencyStore idempotencyStore;
    private final RedisTimerIndex timerIndex;
    private final RedisDefinitionStore definitionStore;
    private final RedisScheduleIndex scheduleIndex;
    private final RedisUpstreamLedger upstreamLedger;
    private final RedisReplayGuard replayGuard;
    private final RedisActivityTasks activityTasks;

    private RedisAdapters(RedissonClient redisson, SluiceRedisProperties properties) {
        this.redisson = redisson;
        this.executionStore = new RedisExecutionStore(redisson, properties.keyPrefix(), properties.historyInlineBytes());
        this.idempotencyStore = new RedisIdempotencyStore(redisson, properties.keyPrefix(), properties.abandonedClaimExpiry());
        this.timerIndex = new RedisTimerIndex(redisson, properties.keyPrefix(), properties.timerShards());
        this.definitionStore = new RedisDefinitionStore(redisson, properties.keyPrefix());
        this.scheduleIndex = new RedisScheduleIndex(redisson, properties.keyPrefix());
        this.upstreamLedger = new RedisUpstreamLedger(redisson, properties.keyPrefix());
        this.replayGuard = new RedisReplayGuard(redisson, properties.keyPrefix());
        this.activityTasks = new RedisActivityTasks(redisson, properties.keyPrefix());
    }

    /** Connects to the server (or Redis Cluster) named by {@code properties.url()}, with a pool for a long-running server process. */
    public static RedisAdapters open(SluiceRedisProperties properties) {
        return open(properties, Pool.SERVER);
    }

    /** Connects to the server named by {@code properties.url()} with {@code pool}. */
    public static RedisAdapters open(SluiceRedisProperties properties, Pool pool) {
        return new RedisAdapters(connected(properties.url(), pool), properties);
    }

    /**
     * A client on {@code url} with {@code pool}'s connections and, where the URL allows them, the scripts' direct
     * pipelines attached ({@link DirectPipelines}), before any store makes its {@link Scripts}: what {@link #open} runs on,
     * and the adapter suites too. {@link #disconnect} ends both.
     */
    static RedissonClient connected(String url, Pool pool) {
        RedissonClient client = client(url, pool);
        DirectPipelines.attach(client, url, pool.size());
        return client;
    }

    /** Closes what {@link #connected} opened: the direct pipelines, then the client. */
    static void disconnect(RedissonClient client) {
        DirectPipelines.detach(client);
        client.shutdown();
    }

    /**
     * The adapters over a client the host manages ({@code properties.url()} unused): a Lambda's SnapStart-restorable client,
     * which the host closes before a snapshot and opens again after a restore. Closing the adapters shuts the client down.
     */
    public static RedisAdapters over(RedissonClient client, SluiceRedisProperties properties) {
        return new RedisAdapters(client, properties);
    }

    /**
     * How many connections a client keeps: {@link #SERVER} Redisson's defaults (24 opened at start, up to 64), for the
     * local runtime's many concurrent tasks; {@link #FUNCTION} one opened at start and up to four, for a function
     * instance that handles one invocation at a time (a Lambda): opening 24 connections (24 TLS handshakes on
     * ElastiCache or MemoryDB) is most of a cold start's Redis time, and a thousand instances would hold 24,000.
     */
    public record Pool(int minimumIdle, int size) {
        public static final Pool SERVER = new Pool(24, 64);
        public static final Pool FUNCTION = new Pool(1, 4);

        public Pool {
            if (minimumIdle < 0 || size < 1 || minimumIdle > size) {
                throw new IllegalArgumentException("a pool keeps 0..size idle connections of size >= 1, not " + minimumIdle + " of " + size);
            }
        }
    }

    /**
     * A Redisson client from a URL of {@link SluiceRedisProperties#url()}'s forms: one server,
     * {@code redis[s]://[user:password@]host[:port][/database]}, or Redis Cluster,
     * {@code redis[s]+cluster://[user:password@]host:port[,host:port...]} (any nodes, as seeds; the client finds the rest
     * and follows MOVED/ASK). On Cluster every read and write goes to the primaries: a replica may lag, and the adapters
     * read what they just wrote. No Sentinel. {@code ?replica-acks=N} on a Cluster URL makes every script write wait
     * until N replicas confirmed it ({@link ReplicaAcks}).
     */
    public static RedissonClient client(String url) {
        return client(url, Pool.SERVER);
    }

    /** As {@link #client(String)}, with {@code pool}'s connections (per primary on Cluster). */
    public static RedissonClient client(String url, Pool pool) {
        RedisUrl redis = RedisUrl.parse(url);
        Config config = redis.replicaAcks() == 0 ? new Config()
                : new ReplicaAcks.AckingConfig(new ReplicaAcks(redis.replicaAcks(), ReplicaAcks.DEFAULT_TIMEOUT));
        if (redis.cluster()) {
            ClusterServersConfig cluster = config.useClusterServers()
                    .setReadMode(ReadMode.MASTER).setSubscriptionMode(SubscriptionMode.MASTER)
                    .setMasterConnectionMinimumIdleSize(pool.minimumIdle()).setMasterConnectionPoolSize(pool.size())
                    .setSlaveConnectionMinimumIdleSize(0).setSlaveConnectionPoolSize(pool.size())
                    .setSubscriptionConnectionMinimumIdleSize(Math.min(1, pool.minimumIdle()));
            redis.addresses().forEach(cluster::addNodeAddress);
            cluster.setUsername(redis.user());
            cluster.setPassword(redis.password());
        } else {
            SingleServerConfig server = config.useSingleServer()
                    .setAddress(redis.addresses().getFirst())
                    .setConnectionMinimumIdleSize(pool.minimumIdle()).setConnectionPoolSize(pool.size());
            if (redis.database() != 0) {
                server.setDatabase(redis.database());
            }
            server.setUsername(redis.user());
            server.setPassword(redis.password());
        }
        config.setTransportMode(transport());
        config.setNettyThreads(eventLoops());
        config.setNettyHook(new RedisCallTimer());
        return Redisson.create(config);
    }

    /**
     * How many Netty event loops carry the client's connections: one per two cores, at least one, where Redisson's default
     * is 32. Each call hands its command to its connection's loop, and the loop that reads the reply wakes the caller; with
     * a loop per connection (up to 32) nearly every call woke a loop of its own, where one loop wakes once for the commands
     * of several callers and reads the replies of several connections from one {@code epoll_wait}. bench/README ("One
     * event loop"): on two cores a third less of the JVM's CPU a transition and 13-27 % more transitions a second, on
     * one node and on Cluster. {@code -Dsluice.redis.event-loops=N} sets it.
     */
    static int eventLoops() {
        Integer set = Integer.getInteger("sluice.redis.event-loops");
        if (set != null && set > 0) {
            return set;
        }
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    /**
     * Netty's native epoll transport where its library loads (Linux on x86-64: the local runtime, the benches, a container
     * host), else NIO (macOS, the arm64 Lambda functions). Same protocol; fewer system calls and no selector to wake per
     * write: 6–23 % more transitions a second at 8 in flight in bench/README's A/B. {@code -Dsluice.redis.transport=nio}
     * keeps NIO anywhere.
     */
    static TransportMode transport() {
        if ("nio".equalsIgnoreCase(System.getProperty("sluice.redis.transport"))) {
            return TransportMode.NIO;
        }
        return Epoll.isAvailable() ? TransportMode.EPOLL : TransportMode.NIO;
    }

    /**
     * From now on every command and pipeline {@code client} sends is timed into {@code registry} as
     * {@code sluice.redis.calls} (command, script, outcome: docs/metrics.md); a client not made by {@link #client} is left as
     * it is. A host calls it with the registry it hands the runtime ({@code RuntimeBuilder.metrics}); null stops the timing.
     *
     * @return {@code client}
     */
    public static RedissonClient meterCalls(RedissonClient client, io.micrometer.core.instrument.MeterRegistry registry) {
        if (client.getConfig().getNettyHook() instanceof RedisCallTimer timer) {
            timer.bind(registry);
        }
        return client;
    }

    /** As {@link #meterCalls(RedissonClient, io.micrometer.core.instrument.MeterRegistry)} on these adapters' client. */
    public RedisAdapters meterCalls(io.micrometer.core.instrument.MeterRegistry registry) {
        meterCalls(redisson, registry);
        return this;
    }

    public RedisDefinitionStore definitionStore() {
        return definitionStore;
    }

    public RedissonClient redisson() {
        return redisson;
    }

    public ExecutionStore executionStore() {
        return executionStore;
    }

    public IdempotencyStore idempotencyStore() {
        return idempotencyStore;
    }

    public TimerIndex timerIndex() {
        return timerIndex;
    }

    /** Schedules, in {@value RedisScheduleIndex#DEFAULT_SHARDS} shards. */
    public ScheduleIndex scheduleIndex() {
        return scheduleIndex;
    }

    /** Which upstreams succeeded per (dependent pipeline, partition), for the upstream-completion trigger. */
    public UpstreamLedger upstreamLedger() {
        return upstreamLedger;
    }

    /** Signatures seen, so a replayed webhook request is refused. */
    /** Step Functions activities and their waiting tasks. */
    public ActivityTasks activityTasks() {
        return activityTasks;
    }

    public ReplayGuard replayGuard() {
        return replayGuard;
    }

    @Override
    public void close() {
        disconnect(redisson);
    }
}
