package io.sluice.testkit.redis;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.EmbeddedRedisCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Redis Cluster on loopback for tests: an {@link EmbeddedRedisCluster} (three primaries and three replicas, each a
 * {@code redis-server} process of its own, persistence off), which hands out a
 * {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...} URL naming every node.
 *
 * <p>{@link #shared()} starts one per JVM on first use and stops it when the JVM exits; {@link #start} starts one
 * the caller closes. Closing stops only the processes this instance started (their {@link Process} handles, so by
 * pid) and deletes its directory.
 *
 * <p>It needs {@code redis-server} (7.0 or later: the cluster bus port is set with {@code --cluster-port}) and
 * {@code redis-cli} on the {@code PATH} (the system properties {@code sluice.test.redis.binary} and
 * {@code sluice.test.redis.cli} name others). When either is missing, {@link #shared()} <b>skips</b> the calling
 * test (a JUnit assumption) — unless the environment variable {@code CI} is {@code true}, where it fails with a
 * message saying what to install: CI must run the cluster tests, not skip them.
 */
public final class RedisTestCluster implements AutoCloseable {
    private static RedisTestCluster shared;
    private static String sharedFailure;

    private final EmbeddedRedisCluster cluster;

    private RedisTestCluster(EmbeddedRedisCluster cluster) {
        this.cluster = cluster;
    }

    /**
     * The cluster every test in this JVM shares, started on first use and stopped at exit. Skips the calling test when
     * {@code redis-server} or {@code redis-cli} is missing, or fails when {@code CI=true} (see the class comment).
     */
    public static synchronized RedisTestCluster shared() {
        if (shared == null) {
            if (sharedFailure != null) {
                throw new IllegalStateException(sharedFailure);
            }
            Optional<Path> server = EmbeddedRedis.executable(System.getProperty("sluice.test.redis.binary", "redis-server"), path());
            Optional<Path> cli = EmbeddedRedis.executable(System.getProperty("sluice.test.redis.cli", "redis-cli"), path());
            if (server.isEmpty() || cli.isEmpty()) {
                String why = "The Redis Cluster tests need redis-server (7.0 or later) and redis-cli on the PATH; missing: "
                        + (server.isEmpty() ? "redis-server " : "") + (cli.isEmpty() ? "redis-cli" : "")
                        + " (install the redis-server package, or set -Dsluice.test.redis.binary / -Dsluice.test.redis.cli)";
                if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                    throw new IllegalStateException(why + ". CI=true: the cluster tests must run there, not be skipped.");
                }
                Assumptions.abort(why + ": skipped (CI is not true).");
            }
            try {
                RedisTestCluster cluster = start(server.get(), cli.get());
                System.err.println("Cluster tests use " + cluster);
                Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "redis-test-cluster-stop"));
                shared = cluster;
            } catch (RuntimeException e) {
                sharedFailure = "The loopback Redis Cluster did not start: " + e.getMessage();
                throw e;
            }
        }
        return shared;
    }

    /** Starts a cluster of six nodes with {@code redisServer} and joins them with {@code redisCli}. The caller closes it. */
    public static RedisTestCluster start(Path redisServer, Path redisCli) {
        return new RedisTestCluster(EmbeddedRedisCluster.start(EmbeddedRedisCluster.Options.throwaway(redisServer, redisCli)));
    }

    /** {@code redis+cluster://127.0.0.1:p1,127.0.0.1:p2,...}: every node, primaries and replicas. */
    public String url() {
        return cluster.url();
    }

    /** {@code 127.0.0.1:port} of every node. */
    public List<String> nodes() {
        return cluster.nodes();
    }

    /** The pids of the processes this cluster started. */
    public List<Long> pids() {
        return cluster.pids();
    }

    /** Where the nodes keep their files; gone after {@link #close()}. */
    Path dir() {
        return cluster.dir();
    }

    /** Stops the processes this instance started and deletes its directory. */
    @Override
    public void close() {
        cluster.close();
    }

    @Override
    public String toString() {
        return cluster.toString();
    }

    private static String path() {
        return System.getenv().getOrDefault("PATH", "");
    }
}
