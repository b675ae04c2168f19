package io.sluice.redis;

import java.nio.charset.StandardCharsets;
import org.redisson.api.RedissonClient;

/**
 * How executions and their queues spread over a Redis Cluster: each execution belongs to one of {@link #count()}
 * shards ({@link #of}, a CRC32 of its id), and every key of the shard carries the shard's hash tag ({@link #tag}):
 * the execution's hash, history, outbox, claims and sent marks, the listing indexes and pending and expiry sets of its
 * shard, and the shard's part of every queue. So a commit, the messages it sends, the acknowledgement of the message
 * it applied and the index updates are one slot's, as on one node: one script each, pipelined in one round trip to one
 * primary, with the indexes kept exact inside the commit script.
 *
 * <p>On one node there is one shard and no tag: the keys keep the names they had before shards, so a running
 * deployment keeps its data. On Cluster there are {@value #CLUSTER_SHARDS}; a shard's tag is chosen so that its slot
 * falls in the middle half of the shard's twelfth of the slot space, and the twelve spread evenly over 1, 2, 3, 4, 6 or 12 primaries that
 * split the slots evenly (as {@code redis-cli --cluster create} and MemoryDB do). Changing the count moves executions
 * between shards: a drained deploy.
 */
final class Shards {
    static final int CLUSTER_SHARDS = 12;
    private static final int SLOTS = 16384;

    private final String[] tags;

    private Shards(String[] tags) {
        this.tags = tags;
    }

    static Shards of(RedissonClient redisson, KeyPrefix prefix) {
        return redisson.getConfig().isClusterConfig() ? cluster(prefix, CLUSTER_SHARDS) : oneNode();
    }

    /** One node's layout: no shard tags, one shard. */
    static Shards oneNode() {
        return new Shards(null);
    }

    static Shards cluster(KeyPrefix prefix, int count) {
        if (count < 1 || count > 32) { // a receiver keeps the shards it was signalled for as bits of an int
            throw new IllegalArgumentException("A cluster layout has 1 to 32 shards, not " + count);
        }
        String[] tags = new String[count];
        for (int shard = 0; shard < count; shard++) {
            // the middle half of the shard's part of the slots, so a split that is only nearly even still keeps it
            int width = SLOTS / count;
            int from = shard * SLOTS / count + width / 4;
            tags[shard] = tagInRange(prefix.value() + ":s" + shard, from, from + Math.max(1, width / 2));
        }
        return new Shards(tags);
    }

    /** Whether the keys carry shard tags (Redis Cluster), rather than the one node's names. */
    boolean tagged() {
        return tags != null;
    }

    int count() {
        return tags == null ? 1 : tags.length;
    }

    /** The shard of an execution (or of a group or message that belongs to none). */
    int of(String id) {
        return tags == null ? 0 : ShardedSortedSets.shardOf(id, tags.length);
    }

    /** {@code {<text>}}, the hash tag every key of {@code shard} carries; only when {@link #tagged()}. */
    String tag(int shard) {
        return tags[shard];
    }

    /** The first {@code {base.n}} whose slot is in [from, to). */
    private static String tagInRange(String base, int from, int to) {
        for (int n = 0; ; n++) {
            String text = base + "." + n;
            int slot = slot(text);
            if (slot >= from && slot < to) {
                return "{" + text + "}";
            }
        }
    }

    /** Redis Cluster's key slot of a hash tag's text: CRC16 (XMODEM) mod 16384. */
    static int slot(String text) {
        int crc = 0;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            crc ^= (b & 0xff) << 8;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xffff;
        }
        return crc % SLOTS;
    }
}
