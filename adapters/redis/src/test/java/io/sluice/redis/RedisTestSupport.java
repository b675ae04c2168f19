package io.sluice.redis;

import io.sluice.testkit.redis.RedisTestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/** Wiring shared by the contract tests: a client on the shared test server, unique key prefixes, cleanup. */
final class RedisTestSupport {
    private RedisTestSupport() {}

    static RedissonClient connect() {
        return RedisAdapters.client(RedisTestServer.shared().url());
    }

    /** A prefix no other test instance uses, so tests share a server without seeing each other's keys. */
    static String uniquePrefix(String port) {
        return "sluice-test:" + port + ":" + UUID.randomUUID();
    }

    /** Deletes every key under {@code prefix} (found with SCAN), so the next run starts from a clean server. */
    static void deleteKeys(RedissonClient redisson, String prefix) {
        List<String> keys = keys(redisson, prefix);
        if (!keys.isEmpty()) {
            redisson.getKeys().delete(keys.toArray(String[]::new));
        }
        if (!keys(redisson, prefix).isEmpty()) {
            throw new IllegalStateException("Keys under " + prefix + " survived the cleanup");
        }
    }

    /** The keys under {@code prefix}, found with SCAN (the prefix holds no glob characters). */
    static List<String> keys(RedissonClient redisson, String prefix) {
        List<String> keys = new ArrayList<>();
        redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        return keys;
    }
}
