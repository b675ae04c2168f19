package io.sluice.redis;

import io.sluice.orchestration.port.ScheduleIndex;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Schedules in Redis, built to hold a million in little memory. Shard {@code n} (CRC-32 of the
 * schedule id) is a sorted set {@code P:sched:{P:n}:due} whose member is the schedule id and whose
 * score packs two numbers into the 53 exact bits of a double: {@code fire second × 2^20 + shape index}.
 * The shape (expression, zone, policies) is stored once per distinct shape in
 * {@code P:sched:{P:shapes}:*} and cached here, so a schedule costs one sorted-set entry and nothing
 * else. The order by score is the order by fire time; a due range is {@code ZRANGEBYSCORE -inf now×2^20+2^20-1}.
 *
 * <p>A take moves each due member's score to the lease end (same shape bits) and writes
 * {@code id → "<fire second>:<token>"} to the shard's hash {@code P:sched:{P:n}:taken}, which therefore
 * holds only fires in flight (or held). Settling checks that entry, so a taker whose lease ran out and
 * was taken over changes nothing. Seconds reach 2^33 (year 2242); at most 2^20 − 1 distinct shapes.
 *
 * <p>The shard count is part of the key layout: keep it fixed for the life of a key prefix.
 */
public final class RedisScheduleIndex implements ScheduleIndex {
    public static final int DEFAULT_SHARDS = 16;
    static final long SHAPES = 1L << 20;
    private static final long MAX_SECOND = (1L << 33) - 1;
    private static final int PUT_CHUNK = 500;

    private static final LuaScript PUT = LuaScript.load("schedule-put");
    private static final LuaScript REMOVE = LuaScript.load("schedule-remove");
    private static final LuaScript GET = LuaScript.load("schedule-get");
    private static final LuaScript TAKE = LuaScript.load("schedule-take");
    private static final LuaScript SETTLE = LuaScript.load("schedule-settle");
    private static final LuaScript SHAPE = LuaScript.load("schedule-shape");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;
    private final int shards;
    private final SecureRandom tokens = new SecureRandom();
    private final Map<String, Long> shapeIds = new ConcurrentHashMap<>();
    private final Map<Long, String> shapeTexts = new ConcurrentHashMap<>();

    public RedisScheduleIndex(RedissonClient redisson, String keyPrefix) {
        this(redisson, keyPrefix, DEFAULT_SHARDS);
    }

    /** @param keyPrefix first segment of every key this index writes; no braces */
    public RedisScheduleIndex(RedissonClient redisson, String keyPrefix, int shards) {
        if (shards < 1 || shards > 16384) {
            throw new IllegalArgumentException("A schedule index has 1 to 16384 shards, not " + shards);
        }
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.shards = shards;
    }

    @Override
    public void putAll(List<Placement> placements) {
        List<List<Object>> args = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            args.add(new ArrayList<>());
        }
        for (Placement p : placements) {
            List<Object> shard = args.get(shardOf(p.scheduleId()));
            shard.add(p.scheduleId());
            shard.add(Long.toString(score(second(p.nextFire()), shapeId(p.shape()))));
        }
        List<CompletableFuture<Object>> puts = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            List<Object> all = args.get(shard);
            for (int from = 0; from < all.size(); from += 2 * PUT_CHUNK) {
                Object[] chunk = all.subList(from, Math.min(all.size(), from + 2 * PUT_CHUNK)).toArray();
                puts.add(PUT.runAsync(script, ReturnType.INTEGER, keys(shard), chunk).toCompletableFuture());
            }
        }
        puts.forEach(CompletableFuture::join);
    }

    @Override
    public boolean remove(String scheduleId) {
        Long removed = REMOVE.run(script, ReturnType.INTEGER, keys(shardOf(scheduleId)), scheduleId);
        return removed != null && removed > 0;
    }

    @Override
    public Optional<Placement> get(String scheduleId) {
        List<Object> reply = GET.run(script, ReturnType.MULTI, keys(shardOf(scheduleId)), scheduleId);
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        long score = (long) Double.parseDouble(reply.get(0).toString());
        String taken = reply.get(1).toString();
        long fire = taken.isEmpty() ? score / SHAPES : Long.parseLong(taken.substring(0, taken.indexOf(':')));
        return Optional.of(new Placement(scheduleId, shapeText(score % SHAPES), Instant.ofEpochSecond(fire)));
    }

    @Override
    public List<DueSchedule> takeDue(Instant now, int limit, Duration lease) {
        if (limit <= 0) {
            return List.of();
        }
        long highestDue = score(now.getEpochSecond(), SHAPES - 1);
        int[] wanted = duePerShard(highestDue, limit);
        long token = 1 + (tokens.nextLong() >>> 1);
        String leaseBase = Long.toString(score(ceilSecond(now.plus(lease)), 0));
        List<CompletableFuture<List<Object>>> takes = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (wanted[shard] > 0) {
                takes.add(TAKE.<List<Object>>runAsync(script, ReturnType.MULTI, keys(shard), Long.toString(highestDue), leaseBase,
                        Integer.toString(wanted[shard]), Long.toString(token)).toCompletableFuture());
            }
        }
        List<DueSchedule> taken = new ArrayList<>();
        for (CompletableFuture<List<Object>> take : takes) {
            List<Object> reply = take.join();
            for (int i = 0; i < reply.size(); i += 4) {
                taken.add(new DueSchedule(reply.get(i).toString(), shapeText(Long.parseLong(reply.get(i + 2).toString())),
                        Instant.ofEpochSecond(Long.parseLong(reply.get(i + 1).toString())), "1".equals(reply.get(i + 3).toString()), token));
            }
        }
        taken.sort(Comparator.comparing(DueSchedule::fireTime).thenComparing(DueSchedule::scheduleId));
        return taken;
    }

    /** How many to take from each shard: all due ones when they fit in {@code limit}, else the earliest {@code limit} overall. */
    private int[] duePerShard(long highestDue, int limit) {
        RBatch batch = redisson.createBatch();
        List<RFuture<Integer>> counts = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            counts.add(batch.<String>getScoredSortedSet(dueKey(shard), StringCodec.INSTANCE)
                    .countAsync(Double.NEGATIVE_INFINITY, true, highestDue, true));
        }
        batch.execute();
        int[] wanted = new int[shards];
        long total = 0;
        for (int shard = 0; shard < shards; shard++) {
            wanted[shard] = counts.get(shard).toCompletableFuture().join();
            total += wanted[shard];
        }
        return total <= limit ? wanted : earliestPerShard(highestDue, limit);
    }

    private int[] earliestPerShard(long highestDue, int limit) {
        return ShardedSortedSets.earliestPerShard(redisson, this::dueKey, shards, highestDue, limit);
    }

    @Override
    public List<Boolean> settle(List<Settlement> settlements) {
        List<List<Object>> args = new ArrayList<>();
        List<List<Integer>> positions = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            args.add(new ArrayList<>());
            positions.add(new ArrayList<>());
        }
        for (int i = 0; i < settlements.size(); i++) {
            Settlement s = settlements.get(i);
            int shard = shardOf(s.due().scheduleId());
            args.get(shard).addAll(settleArgs(s));
            positions.get(shard).add(i);
        }
        Boolean[] applied = new Boolean[settlements.size()];
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (!positions.get(shard).isEmpty()) {
                List<Integer> at = positions.get(shard);
                calls.add(SETTLE.<List<Object>>runAsync(script, ReturnType.MULTI, keys(shard), args.get(shard).toArray())
                        .toCompletableFuture().thenAccept(reply -> {
                            for (int j = 0; j < at.size(); j++) {
                                applied[at.get(j)] = "1".equals(reply.get(j).toString());
                            }
                        }));
            }
        }
        calls.forEach(CompletableFuture::join);
        return List.of(applied);
    }

    private static List<Object> settleArgs(Settlement s) {
        DueSchedule d = s.due();
        String expected = d.fireTime().getEpochSecond() + ":" + d.lease();
        return switch (s) {
            case Settlement.Advance a -> List.of("a", d.scheduleId(), expected,
                    a.nextFire() == null ? "" : Long.toString(score(second(a.nextFire()), 0)));
            case Settlement.Hold h -> List.of("h", d.scheduleId(), expected,
                    score(ceilSecond(h.until()), 0) + ":" + second(h.fireTime()));
        };
    }

    private long shapeId(String shape) {
        Long known = shapeIds.get(shape);
        if (known != null) {
            return known;
        }
        Long id = SHAPE.run(script, ReturnType.INTEGER, shapeKeys(), shape, Long.toString(SHAPES - 1));
        shapeIds.put(shape, id);
        shapeTexts.put(id, shape);
        return id;
    }

    private String shapeText(long id) {
        return shapeTexts.computeIfAbsent(id, key -> {
            Object text = redisson.getMap(shapeKeys().get(1).toString(), StringCodec.INSTANCE).get(Long.toString(key));
            if (text == null) {
                throw new IllegalStateException("Schedule shape " + key + " is missing from " + shapeKeys().get(1));
            }
            return text.toString();
        });
    }

    static long score(long second, long shape) {
        return second * SHAPES + shape;
    }

    private static long second(Instant t) {
        long s = t.getEpochSecond();
        if (s < 0 || s > MAX_SECOND) {
            throw new IllegalArgumentException("A schedule fire time must lie between 1970 and 2242, not " + t);
        }
        return s;
    }

    private static long ceilSecond(Instant t) {
        return second(t) + (t.getNano() == 0 ? 0 : 1);
    }

    int shardOf(String scheduleId) {
        return ShardedSortedSets.shardOf(scheduleId, shards);
    }

    private List<Object> keys(int shard) {
        return List.of(dueKey(shard), takenKey(shard));
    }

    String dueKey(int shard) {
        return prefix.key("sched:{" + prefix.value() + ":" + shard + "}:due");
    }

    private String takenKey(int shard) {
        return prefix.key("sched:{" + prefix.value() + ":" + shard + "}:taken");
    }

    private List<Object> shapeKeys() {
        String base = prefix.key("sched:{" + prefix.value() + ":shapes}:");
        return List.of(base + "ids", base + "texts", base + "seq");
    }
}
