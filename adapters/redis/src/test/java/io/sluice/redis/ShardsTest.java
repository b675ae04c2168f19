package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shard tags, checked against the loopback Redis Cluster's own {@code CLUSTER KEYSLOT} (the oracle for the slot
 * arithmetic), and the one node's layout, which has no tags.
 */
class ShardsTest {
    @RegisterExtension
    static final RedisScope cluster = RedisScope.onCluster("shards");
    @RegisterExtension
    static final RedisScope node = new RedisScope("shards");

    @Test
    void eachShardsTagHashesIntoTheMiddleOfItsTwelfthOfTheSlots() {
        KeyPrefix prefix = new KeyPrefix(cluster.prefix());
        Shards shards = Shards.of(cluster.client(), prefix);
        assertThat(shards.tagged()).isTrue();
        assertThat(shards.count()).isEqualTo(Shards.CLUSTER_SHARDS);
        int width = 16384 / shards.count();
        Set<Integer> slots = new HashSet<>();
        for (int shard = 0; shard < shards.count(); shard++) {
            String tag = shards.tag(shard);
            int slot = cluster.client().getKeys().getSlot("any:" + tag + ":key");
            assertThat(Shards.slot(tag.substring(1, tag.length() - 1))).as("our CRC16 agrees with the server's").isEqualTo(slot);
            assertThat(slot).as("shard %d", shard).isBetween(shard * 16384 / shards.count() + width / 4,
                    shard * 16384 / shards.count() + width / 4 + width / 2);
            slots.add(slot);
        }
        assertThat(slots).hasSize(shards.count());
    }

    @Test
    void everyKeyOfAnExecutionSharesItsShardsSlot() {
        KeyPrefix prefix = new KeyPrefix(cluster.prefix());
        ExecutionKeys keys = new ExecutionKeys(prefix, Shards.of(cluster.client(), prefix));
        String id = "ingest:sales:2026-12-05";
        int shard = keys.shardOf(id);
        int slot = cluster.client().getKeys().getSlot(keys.hashKey(id));
        for (String key : Set.of(keys.outboxKey(id), keys.historyKey(id), keys.claimsKey(id), keys.sentKey(id), keys.retiredKey(id),
                keys.allIndex(shard), keys.pendingKey(shard), keys.expiryKey(shard), keys.pipelineIndex(shard, "ingest:sales"),
                keys.statusIndex(shard, "RUNNING"), keys.pipelineStatusIndex(shard, "ingest:sales", "RUNNING"),
                new QueueKeys(prefix, keys.shards()).stem("orchestrator", shard) + "due",
                new QueueKeys(prefix, keys.shards()).stem("orchestrator-dlq", shard) + "due")) {
            assertThat(cluster.client().getKeys().getSlot(key)).as(key).isEqualTo(slot);
        }
    }

    @Test
    void oneNodeKeepsTheNamesItHadBeforeShards() {
        KeyPrefix prefix = new KeyPrefix("P");
        ExecutionKeys keys = new ExecutionKeys(prefix, Shards.of(node.client(), prefix));
        assertThat(keys.shards().count()).isEqualTo(1);
        assertThat(keys.hashKey("e-1")).isEqualTo("P:exec:{e-1}");
        assertThat(keys.retiredKey("e-1")).isEqualTo("P:retired:{e-1}");
        assertThat(keys.allIndex(0)).isEqualTo("P:idx:all");
        assertThat(keys.pendingKey(0)).isEqualTo("P:outbox-pending");
        assertThat(new QueueKeys(prefix, keys.shards()).stem("tasks-dlq", 0)).isEqualTo("P:queue:{P:tasks}:tasks-dlq:");
    }

    @Test
    void aReceiptNamesItsShardAndAStrangersIsRefused() {
        QueueKeys queues = new QueueKeys(new KeyPrefix("P"), Shards.cluster(new KeyPrefix("P"), 12));
        assertThat(queues.shardOfMessage(queues.newMessageId(7))).isEqualTo(7);
        assertThatThrownBy(() -> queues.shardOfMessage("s99.abc")).hasMessageContaining("not a receipt of this queue");
        assertThatThrownBy(() -> queues.shardOfMessage("0b5e-uuid")).hasMessageContaining("not a receipt of this queue");
        assertThatThrownBy(() -> Shards.cluster(new KeyPrefix("P"), 33)).hasMessageContaining("1 to 32 shards");
    }
}
