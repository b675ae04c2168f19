package io.sluice.redis;

import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.port.ReplayGuard;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.orchestration.port.UpstreamLedger;
import java.net.URI;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import org.redisson.config.SingleServerConfig;

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
        this.executionStore = new RedisExecutionStore(redisson, properties.keyPrefix());
        this.idempotencyStore = new RedisIdempotencyStore(redisson, properties.keyPrefix(), properties.abandonedClaimExpiry());
        this.timerIndex = new RedisTimerIndex(redisson, properties.keyPrefix(), properties.timerShards());
        this.definitionStore = new RedisDefinitionStore(redisson, properties.keyPrefix());
        this.scheduleIndex = new RedisScheduleIndex(redisson, properties.keyPrefix());
        this.upstreamLedger = new RedisUpstreamLedger(redisson, properties.keyPrefix());
        this.replayGuard = new RedisReplayGuard(redisson, properties.keyPrefix());
        this.activityTasks = new RedisActivityTasks(redisson, properties.keyPrefix());
    }

    /** Connects to the server named by {@code properties.url()}, with a pool for a long-running server process. */
    public static RedisAdapters open(SluiceRedisProperties properties) {
        return open(properties, Pool.SERVER);
    }

    /** Connects to the server named by {@code properties.url()} with {@code pool}. */
    public static RedisAdapters open(SluiceRedisProperties properties, Pool pool) {
        return new RedisAdapters(client(properties.url(), pool), properties);
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
     * A Redisson client for one server, from {@code redis[s]://[user:password@]host[:port][/database]}
     * (no Sentinel or Cluster: see {@link RedisExecutionStore}).
     */
    public static RedissonClient client(String url) {
        return client(url, Pool.SERVER);
    }

    /** As {@link #client(String)}, with {@code pool}'s connections. */
    public static RedissonClient client(String url, Pool pool) {
        URI uri = URI.create(url);
        Config config = new Config();
        SingleServerConfig server = config.useSingleServer()
                .setAddress(uri.getScheme() + "://" + uri.getHost() + ":" + (uri.getPort() < 0 ? 6379 : uri.getPort()))
                .setConnectionMinimumIdleSize(pool.minimumIdle()).setConnectionPoolSize(pool.size());
        String path = uri.getPath();
        if (path != null && path.matches("/\\d+")) {
            server.setDatabase(Integer.parseInt(path.substring(1)));
        }
        String userInfo = uri.getUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            String user = colon < 0 ? null : userInfo.substring(0, colon);
            server.setUsername(user == null || user.isEmpty() ? null : user);
            server.setPassword(colon < 0 ? userInfo : userInfo.substring(colon + 1));
        }
        return Redisson.create(config);
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
        redisson.shutdown();
    }
}
