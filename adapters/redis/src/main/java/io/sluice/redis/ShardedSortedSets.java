package io.sluice.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.zip.CRC32;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * What the timer index and the schedule index share: members spread over N sorted sets by a CRC32
 * of their id, and a look across every shard for the earliest due members, so that a take of
 * {@code limit} members serves the earliest overall, not the earliest of one shard.
 */
final class ShardedSortedSets {
    private ShardedSortedSets() {}

    static int shardOf(String id, int shards) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % shards);
    }

    /** How many members to take from each shard: the earliest {@code limit} with a score up to {@code highestScore}. */
    static int[] earliestPerShard(RedissonClient redisson, IntFunction<String> dueKey, int shards, long highestScore, int limit) {
        RBatch batch = redisson.createBatch();
        List<RFuture<Collection<ScoredEntry<String>>>> peeks = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            peeks.add(batch.<String>getScoredSortedSet(dueKey.apply(shard), StringCodec.INSTANCE)
                    .entryRangeAsync(Double.NEGATIVE_INFINITY, true, highestScore, true, 0, limit));
        }
        batch.execute();
        record Candidate(int shard, String id, double score) {}
        List<Candidate> candidates = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            for (ScoredEntry<String> entry : peeks.get(shard).toCompletableFuture().join()) {
                candidates.add(new Candidate(shard, entry.getValue(), entry.getScore()));
            }
        }
        int[] wanted = new int[shards];
        candidates.stream().sorted(Comparator.comparingDouble(Candidate::score).thenComparing(Candidate::id))
                .limit(limit).forEach(c -> wanted[c.shard()]++);
        return wanted;
    }
}
