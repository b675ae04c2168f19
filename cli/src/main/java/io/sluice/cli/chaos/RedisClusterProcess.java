package io.sluice.cli.chaos;

import io.sluice.embedded.EmbeddedRedisCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A loopback Redis Cluster the drill owns (three primaries, three replicas, each with its AOF), which the nodes reach
 * with {@code ?replica-acks=1}: a write counts once a replica has it. Its fault SIGKILLs a primary, waits for its
 * replica to take over, and starts the killed node again, which rejoins as the new primary's replica. The primaries are
 * taken in turn, so a drill with several Redis faults fails over more than one shard.
 */
final class RedisClusterProcess implements DrillRedis {
    /** A primary unreachable this long is replaced by its replica. */
    static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration TAKEOVER = Duration.ofSeconds(60);

    private final EmbeddedRedisCluster cluster;
    private final String fsync;
    private int faults;

    private RedisClusterProcess(EmbeddedRedisCluster cluster, String fsync) {
        this.cluster = cluster;
        this.fsync = fsync;
    }

    static RedisClusterProcess start(String redisServer, String redisCli, String fsync) {
        return new RedisClusterProcess(EmbeddedRedisCluster.start(new EmbeddedRedisCluster.Options(Path.of(redisServer),
                Path.of(redisCli), DrillRedis.persistence(fsync), NODE_TIMEOUT, 1)), fsync);
    }

    @Override
    public String url() {
        return cluster.url() + "?replica-acks=1";
    }

    @Override
    public String describe() {
        return "a loopback Redis Cluster (3 primaries, 3 replicas, appendonly yes, appendfsync " + fsync + ", replica-acks 1)";
    }

    @Override
    public String faultDescription() {
        return "SIGKILL a Redis Cluster primary, its replica takes over, the killed node rejoins as a replica";
    }

    @Override
    public synchronized void killAndRestart() {
        List<String> primaries = cluster.primaries();
        String primary = primaries.get(faults++ % primaries.size());
        String replica = cluster.replicaOf(primary);
        cluster.kill(primary);
        cluster.awaitPromoted(replica, TAKEOVER);
        cluster.restart(primary);
    }

    @Override
    public void close() {
        cluster.close();
    }
}
