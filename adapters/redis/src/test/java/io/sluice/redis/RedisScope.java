package io.sluice.redis;

import io.sluice.testkit.redis.RedisTestCluster;
import io.sluice.testkit.redis.RedisTestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/**
 * A test class's view of the shared test Redis, registered as a static extension field: one client for
 * the class (connected on first use, shut down after the last test), and a key prefix of each test's own
 * (made on first use, its keys deleted after the test, and checked gone), so tests share a server
 * without seeing each other's keys and leave it clean.
 */
final class RedisScope implements AfterEachCallback, AfterAllCallback {
    private final String port;
    private final boolean cluster;
    private final String query;
    private RedissonClient client;
    private String prefix;

    /** @param port names the keys' second segment ({@code sluice-test:<port>:<uuid>}), for a reader of a leftover key */
    RedisScope(String port) {
        this(port, false, "");
    }

    private RedisScope(String port, boolean cluster, String query) {
        this.port = port;
        this.cluster = cluster;
        this.query = query;
    }

    /** The same on the loopback Redis Cluster ({@link RedisTestCluster#shared()}: skipped where it cannot start, unless CI=true). */
    static RedisScope onCluster(String port) {
        return new RedisScope(port, true, "");
    }

    /** On the loopback cluster with {@code ?replica-acks=1}: every script write waits for a replica's confirmation. */
    static RedisScope onClusterWithReplicaAcks(String port) {
        return new RedisScope(port, true, "?replica-acks=1");
    }

    /**
     * The class's client; on one server with the direct pipelines {@link RedisAdapters#open} attaches there by default, so
     * the suites run the scripts as the hosts do (on Cluster, Redisson's batches, as the hosts do too).
     */
    synchronized RedissonClient client() {
        if (client == null) {
            client = RedisAdapters.connected(cluster ? RedisTestCluster.shared().url() + query : RedisTestServer.shared().url(),
                    RedisAdapters.Pool.SERVER);
        }
        return client;
    }

    boolean cluster() {
        return cluster;
    }

    /** The current test's key prefix; no other test instance uses it. */
    synchronized String prefix() {
        if (prefix == null) {
            prefix = "sluice-test:" + port + ":" + UUID.randomUUID();
        }
        return prefix;
    }

    /** The keys under the current test's prefix, found with SCAN (the prefix holds no glob characters). */
    List<String> keys() {
        List<String> keys = new ArrayList<>();
        client().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix() + ":*")).forEach(keys::add);
        return keys;
    }

    @Override
    public synchronized void afterEach(ExtensionContext context) {
        if (prefix == null) {
            return;
        }
        List<String> keys = keys();
        if (cluster) {
            for (String key : keys) { // one by one: on Cluster the keys live in many slots
                client().getKeys().delete(key);
            }
        } else if (!keys.isEmpty()) {
            client().getKeys().delete(keys.toArray(String[]::new));
        }
        if (!keys().isEmpty()) {
            throw new IllegalStateException("Keys under " + prefix + " survived the cleanup");
        }
        prefix = null;
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        if (client != null) {
            RedisAdapters.disconnect(client);
            client = null;
        }
    }
}
