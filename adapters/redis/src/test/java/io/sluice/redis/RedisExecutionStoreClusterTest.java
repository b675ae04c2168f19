package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.redisnode.RedisNodes;

/**
 * The ExecutionStore contract on the loopback Redis Cluster (three primaries, three replicas): each script runs in
 * one execution's slot, the indexes live in others, and the client follows the cluster's redirections. Skipped where
 * redis-server or redis-cli is missing, failed for that when CI=true ({@link io.sluice.testkit.redis.RedisTestCluster}).
 */
class RedisExecutionStoreClusterTest extends RedisExecutionStoreCases {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("exec-cluster");

    @Override
    RedisScope redis() {
        return redis;
    }

    @Test
    void theStoreRunsOnThreePrimariesWithItsKeysInManySlots() {
        ExecutionStore store = createStore();
        for (int i = 0; i < 20; i++) {
            store.commit(new Commit(new ExecutionSummary("p:" + i, "p", "n" + i, "RUNNING", "sha256:abc", Instant.EPOCH, null),
                    "s", List.of(), List.of("x"), 0, Instant.EPOCH));
        }
        assertThat(redis.client().getRedisNodes(RedisNodes.CLUSTER).getMasters()).hasSize(3);
        assertThat(redis.keys().stream().map(k -> redis.client().getKeys().getSlot(k)).distinct().count())
                .as("the executions' keys and the indexes are in many slots").isGreaterThan(10);
        assertThat(store.list("p", null, 100)).hasSize(20);
        assertThat(store.pendingOutboxes(Instant.EPOCH, 100)).hasSize(20);
    }
}
