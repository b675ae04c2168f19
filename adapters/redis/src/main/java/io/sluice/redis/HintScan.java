package io.sluice.redis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * A scored set read as hints (a pending-outbox or expiry set, which can hold an entry whose clearing was cut short):
 * its entries up to a score, lowest first, each checked against the record it names in one batch per page;
 * an entry that does not hold is dropped, unless a newer write has renewed it meanwhile.
 */
final class HintScan {
    /** The fewest entries a reader asks for at once, so a few stale ones cost no extra round trip. */
    static final int MIN_PAGE = 16;
    private static final LuaScript REMOVE_IF_NOT_NEWER = LuaScript.load("index-remove-if-not-newer");

    /** How an entry is checked: what to read for it (in the page's batch), and whether it holds at its score. */
    interface Check<T> {
        RFuture<T> read(RBatch batch, String member);

        boolean holds(T read, double score);
    }

    private HintScan() {}

    /** The members of {@code set} scored up to {@code upTo} whose entry holds, at most {@code limit}, lowest score first. */
    static <T> List<String> holding(RedissonClient redisson, Scripts script, String set, double upTo, int limit, Check<T> check) {
        return holdingEntries(redisson, script, set, upTo, limit, check).stream().map(ScoredEntry::getValue).toList();
    }

    private static <T> List<ScoredEntry<String>> holdingEntries(RedissonClient redisson, Scripts script, String set, double upTo, int limit,
                                                                Check<T> check) {
        RScoredSortedSet<String> entries = redisson.getScoredSortedSet(set, StringCodec.INSTANCE);
        List<ScoredEntry<String>> ids = new ArrayList<>();
        int offset = 0;
        while (ids.size() < limit) {
            int page = Math.max(limit - ids.size(), MIN_PAGE);
            List<ScoredEntry<String>> got = List.copyOf(entries.entryRange(Double.NEGATIVE_INFINITY, true, upTo, true, offset, page));
            RBatch batch = redisson.createBatch();
            List<RFuture<T>> reads = new ArrayList<>(got.size());
            for (ScoredEntry<String> e : got) {
                reads.add(check.read(batch, e.getValue()));
            }
            if (!got.isEmpty()) {
                batch.execute();
            }
            int dropped = 0;
            for (int i = 0; i < got.size() && ids.size() < limit; i++) {
                ScoredEntry<String> e = got.get(i);
                if (check.holds(reads.get(i).toCompletableFuture().join(), e.getScore())) {
                    ids.add(e);
                } else if (removeIfNotNewer(script, set, e.getValue(), e.getScore())) {
                    dropped++;
                }
            }
            if (got.size() < page) {
                break;
            }
            offset += got.size() - dropped;
        }
        return List.copyOf(ids);
    }

    /**
     * As {@link #holding}, over a set that every shard keeps a part of ({@code set} of a shard): the earliest {@code limit}
     * entries over all shards, each shard's then checked as {@link #holding} checks them.
     */
    static <T> List<String> holdingAcross(RedissonClient redisson, Scripts script, int shards, IntFunction<String> set, long upTo, int limit,
                                          Check<T> check) {
        if (shards == 1) {
            return holding(redisson, script, set.apply(0), upTo, limit, check);
        }
        int[] wanted = ShardedSortedSets.earliestPerShard(redisson, set, shards, upTo, limit);
        List<ScoredEntry<String>> entries = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (wanted[shard] > 0) {
                entries.addAll(holdingEntries(redisson, script, set.apply(shard), upTo, wanted[shard], check));
            }
        }
        return entries.stream().sorted(Comparator.comparingDouble(ScoredEntry<String>::getScore).thenComparing(ScoredEntry::getValue))
                .map(ScoredEntry::getValue).toList();
    }

    /** Removes {@code member} from {@code set} unless its entry is newer than {@code score}; whether it was removed. */
    static boolean removeIfNotNewer(Scripts script, String set, String member, double score) {
        Long removed = REMOVE_IF_NOT_NEWER.run(script, ReturnType.INTEGER, List.of(set), member, Long.toString((long) score));
        return removed == 1L;
    }
}
