package io.sluice.local.objects;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisExecutionStore;
import io.sluice.testkit.contract.HistoryObjectsContract;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;
import org.redisson.client.codec.StringCodec;

/**
 * Issue 32: the Redis execution store's long history lines in the local folder object store, by reference, on a single
 * Redis node ({@link RedisHistoryObjectsClusterTest}: on the loopback Redis Cluster). Here rather than in the Redis
 * adapter's tests because the folder store lives in this module, which depends on that one.
 */
class RedisHistoryObjectsTest extends HistoryObjectsContract {
    private RedissonClient client;
    @TempDir
    Path folder;
    private final String prefix = "sluice-test:history-objects:" + UUID.randomUUID();

    /** The server's URL: one node here. */
    String url() {
        return RedisTestServer.shared().url();
    }

    private synchronized RedissonClient client() {
        if (client == null) {
            client = RedisAdapters.client(url());
        }
        return client;
    }

    @Override
    protected ObjectStore createObjects() {
        return new FolderObjectStore(folder);
    }

    @Override
    protected ExecutionStore createStore() {
        return new RedisExecutionStore(client(), prefix, 256);
    }

    @Override
    protected List<String> storedLines(String executionId) {
        List<String> keys = new ArrayList<>();
        // P:exec:{ID}:history on one node, P:exec:{<shard tag>}ID:history on Cluster.
        client().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":exec:*:history")).forEach(keys::add);
        String key = keys.stream().filter(k -> k.endsWith("{" + executionId + "}:history") || k.endsWith("}" + executionId + ":history"))
                .findFirst().orElseThrow();
        return client().<String>getList(key, StringCodec.INSTANCE).readAll();
    }

    @AfterEach
    void deleteKeys() {
        List<String> keys = new ArrayList<>();
        client().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        keys.forEach(k -> client().getKeys().delete(k)); // one by one: on Cluster they live in many slots
        client.shutdown();
    }
}
