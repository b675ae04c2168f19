package io.sluice.redis;

import io.sluice.orchestration.port.ConcurrencyLimiter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * {@link ConcurrencyLimiter} in Redis: a key is a sorted set {@code P:limit:{P:limits}:KEY} of holders
 * scored by when their lease ends; one Lua script ({@code lua/concurrency-hold.lua}) drops lapsed leases,
 * checks every key and takes a slot of each, so a hold over a channel, a pipeline and a tenant is all or
 * none. The hash tag keeps every limit key in one Cluster slot. The caller's {@code now} decides, as in
 * {@link RedisTokenBucket}.
 */
public final class RedisConcurrencyLimiter implements ConcurrencyLimiter {
    private static final LuaScript HOLD = LuaScript.load("concurrency-hold");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;

    public RedisConcurrencyLimiter(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Held tryHold(List<Slot> slots, String holder, Instant now, Duration lease) {
        if (slots.isEmpty()) {
            return Held.GRANTED;
        }
        List<Object> keys = new ArrayList<>(slots.size());
        List<Object> args = new ArrayList<>(3 + slots.size());
        args.add(holder);
        args.add(Long.toString(now.toEpochMilli()));
        args.add(Long.toString(now.plus(lease).toEpochMilli()));
        for (Slot s : slots) {
            keys.add(key(s.key()));
            args.add(Integer.toString(s.limit()));
        }
        Long full = HOLD.run(script, ReturnType.INTEGER, keys, args.toArray());
        return full == null || full == 0L ? Held.GRANTED : Held.fullAt(slots.get((int) (full - 1)).key());
    }

    @Override
    public void release(List<String> keys, String holder) {
        for (String k : keys) {
            redisson.getScoredSortedSet(key(k), StringCodec.INSTANCE).remove(holder);
        }
    }

    @Override
    public int held(String key, Instant now) {
        return redisson.getScoredSortedSet(key(key), StringCodec.INSTANCE).count(now.toEpochMilli(), false, Double.POSITIVE_INFINITY, true);
    }

    private String key(String k) {
        return prefix.key("limit:{" + prefix.value() + ":limits}:" + k);
    }
}
