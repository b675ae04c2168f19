package io.sluice.local.objects;

import io.sluice.testkit.redis.RedisTestCluster;

/**
 * {@link RedisHistoryObjectsTest} on the loopback Redis Cluster (three primaries, three replicas): the execution's keys
 * and its shard's {@code history-gone} set share one slot. Skipped where redis-server or redis-cli is missing, failed for
 * that when CI=true ({@link RedisTestCluster}).
 */
class RedisHistoryObjectsClusterTest extends RedisHistoryObjectsTest {
    @Override
    String url() {
        return RedisTestCluster.shared().url();
    }
}
