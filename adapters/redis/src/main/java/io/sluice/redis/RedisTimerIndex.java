package io.sluice.redis;

import io.sluice.orchestration.port.TimerIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * Timers in Redis, spread over N shards by CRC-32 of the timer id. Shard {@code n} is a sorted set
 * {@code P:timers:{P:n}:due} (member: timer id, score: when it is next visible, epoch ms) and a hash
 * {@code P:timers:{P:n}:data} (timer id → {@code "<due epoch ms>:<payload>"}); the hash tag keeps
 * both in one Cluster slot, so every script below touches a single slot. A timer scheduled with an empty
 * payload (a fire its id names, {@code OrchestratorSends.timerFired}) is its sorted-set entry alone until first taken:
 * the shape of almost every timer of a sleeping execution, which is what a million of them cost.
 *
 * <p>{@link #schedule} is idempotent by id (it overwrites). {@link #takeDue} costs in proportion to
 * the timers due, not to the timers stored: it reads the earliest due entries of every shard in one
 * pipelined round trip, picks the earliest {@code limit} overall, then runs {@code lua/timer-take.lua}
 * on each shard that has some, which atomically moves each due member's score to now + lease and
 * returns it. Two takers never get the same timer within a lease; under contention a taker may get
 * fewer than were due (another took them first) and simply asks again.
 *
 * <p>The shard count is part of the key layout: keep it fixed for the life of a key prefix.
 */
public final class RedisTimerIndex implements TimerIndex {
    public static final int DEFAULT_SHARDS = 16;

    private static final LuaScript SCHEDULE = LuaScript.load("timer-schedule");
    private static final LuaScript REMOVE = LuaScript.load("timer-remove");
    private static final LuaScript TAKE = LuaScript.load("timer-take");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;
    private final int shards;

    public RedisTimerIndex(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, DEFAULT_SHARDS);
    }

    /** @param keyPrefix first segment of every key this index writes; no braces */
    public RedisTimerIndex(RedissonClient redisson, String keyPrefix, int shards) {
        if (shards < 1 || shards > 16384) {
            throw new IllegalArgumentException("A timer index has 1 to 16384 shards, not " + shards);
        }
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.shards = shards;
    }

    @Override
    public void schedule(String timerId, Instant due, String payload) {
        SCHEDULE.run(script, ReturnType.INTEGER, keys(shardOf(timerId)), timerId, Long.toString(due.toEpochMilli()),
                Objects.requireNonNull(payload, "payload"));
    }

    @Override
    public void cancel(String timerId) {
        REMOVE.run(script, ReturnType.INTEGER, keys(shardOf(timerId)), timerId);
    }

    @Override
    public void acknowledge(String timerId) {
        REMOVE.run(script, ReturnType.INTEGER, keys(shardOf(timerId)), timerId);
    }

    @Override
    public List<DueTimer> takeDue(Instant now, int limit, Duration lease) {
        if (limit <= 0) {
            return List.of();
        }
        int[] wanted = earliestDuePerShard(now.toEpochMilli(), limit);
        String nowMillis = Long.toString(now.toEpochMilli());
        String hiddenUntil = Long.toString(now.plus(lease).toEpochMilli());
        List<CompletableFuture<List<String>>> takes = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (wanted[shard] > 0) {
                takes.add(TAKE.<List<String>>runAsync(script, ReturnType.MULTI, keys(shard), nowMillis, hiddenUntil,
                        Integer.toString(wanted[shard])).toCompletableFuture());
            }
        }
        List<Taken> taken = new ArrayList<>();
        for (CompletableFuture<List<String>> take : takes) {
            List<String> reply = take.join();
            for (int i = 0; i < reply.size(); i += 3) {
                taken.add(Taken.parse(reply.get(i), reply.get(i + 1), reply.get(i + 2)));
            }
        }
        return taken.stream().sorted(Taken.ORDER).map(Taken::timer).toList();
    }

    private int[] earliestDuePerShard(long nowMillis, int limit) {
        return ShardedSortedSets.earliestPerShard(redisson, this::dueKey, shards, nowMillis, limit);
    }

    int shardOf(String timerId) {
        return ShardedSortedSets.shardOf(timerId, shards);
    }

    private List<Object> keys(int shard) {
        return List.of(dueKey(shard), dataKey(shard));
    }

    private String dueKey(int shard) {
        return prefix.key("timers:{" + prefix.value() + ":" + shard + "}:due");
    }

    private String dataKey(int shard) {
        return prefix.key("timers:{" + prefix.value() + ":" + shard + "}:data");
    }

    /** A timer as one shard's take script returned it: id, the score it was taken at, and its data. */
    private record Taken(String id, double visibleAt, DueTimer timer) {
        static final Comparator<Taken> ORDER = Comparator.comparingDouble(Taken::visibleAt).thenComparing(Taken::id);

        static Taken parse(String id, String score, String data) {
            int colon = data.indexOf(':');
            Instant due = Instant.ofEpochMilli(Long.parseLong(data.substring(0, colon)));
            return new Taken(id, Double.parseDouble(score), new DueTimer(id, due, data.substring(colon + 1)));
        }
    }
}
