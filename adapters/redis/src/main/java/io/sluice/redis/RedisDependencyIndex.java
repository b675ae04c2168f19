package io.sluice.redis;

import io.sluice.orchestration.port.DependencyIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The dependency index in Redis. Per upstream {@code pipeline/partition} (pipeline names hold no
 * {@code /}): a success marker {@code P:dep:ok:U} (kept until the caller's {@code keepUntil}) and a
 * set of waiting tokens {@code P:dep:waiters:U}; per waiting token a hash {@code P:dep:task:TOKEN}
 * of its upstreams, met or not; and one sorted set {@code P:dep:waiting} of the registered tokens, scored by when
 * each registration expires (trimmed by each registration), which the gauge of waiting runs counts. Registering and succeeding are one Lua script each, so they are
 * atomic against each other; the success script derives task keys from their prefix, so on Redis
 * Cluster every key of the index carries one hash tag ({@code P:{P:dep}:ok:U}, ...; {@link
 * KeyPrefix#family}): the index lives in one slot, which its size (one entry per waiting task)
 * allows.
 */
public final class RedisDependencyIndex implements DependencyIndex {
    private static final LuaScript AWAIT = LuaScript.load("dependency-await");
    private static final LuaScript SUCCEEDED = LuaScript.load("dependency-succeeded");
    private static final LuaScript RELEASE = LuaScript.load("dependency-release");

    private final RedissonClient redisson;
    private final Scripts script;
    /** {@code P:dep:} on one node, {@code P:{P:dep}:} on Cluster. */
    private final String stem;

    public RedisDependencyIndex(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.stem = new KeyPrefix(keyPrefix).family("dep", redisson.getConfig().isClusterConfig());
    }

    @Override
    public Set<Upstream> await(String token, Set<Upstream> upstreams, Instant expiresAt) {
        List<Object> keys = new ArrayList<>();
        List<Object> args = new ArrayList<>(List.of(token, Long.toString(expiresAt.toEpochMilli())));
        Map<String, Upstream> byId = new HashMap<>();
        keys.add(taskKey(token));
        keys.add(waitingKey());
        for (Upstream u : upstreams) {
            String id = id(u);
            byId.put(id, u);
            keys.add(stem + "ok:" + id);
            keys.add(stem + "waiters:" + id);
            args.add(id);
        }
        List<String> missing = AWAIT.run(script, ReturnType.MULTI, keys, args.toArray());
        Set<Upstream> out = new LinkedHashSet<>();
        missing.forEach(id -> out.add(byId.get(id)));
        return out;
    }

    @Override
    public List<String> succeeded(Upstream completed, Instant keepUntil) {
        String id = id(completed);
        List<String> ready = SUCCEEDED.run(script, ReturnType.MULTI,
                List.of(stem + "ok:" + id, stem + "waiters:" + id),
                id, Long.toString(keepUntil.toEpochMilli()), stem + "task:");
        return List.copyOf(ready);
    }

    @Override
    public boolean hasSucceeded(Upstream upstream) {
        return redisson.getBucket(stem + "ok:" + id(upstream), StringCodec.INSTANCE).isExists();
    }

    @Override
    public void release(String token) {
        RELEASE.run(script, ReturnType.INTEGER, List.of(taskKey(token), waitingKey()), token, stem + "waiters:");
    }

    /** The tokens of {@code P:dep:waiting} whose registration expires after {@code now} ({@code ZCOUNT}, one read). */
    @Override
    public long waiting(Instant now) {
        return redisson.getScoredSortedSet(waitingKey(), StringCodec.INSTANCE).count(now.toEpochMilli(), false, Double.POSITIVE_INFINITY, true);
    }

    private String waitingKey() {
        return stem + "waiting";
    }

    private String taskKey(String token) {
        return stem + "task:" + token;
    }

    private static String id(Upstream u) {
        if (u.pipeline().indexOf('/') >= 0) {
            throw new IllegalArgumentException("pipeline names hold no '/'; got '" + u.pipeline() + "'");
        }
        return u.pipeline() + "/" + u.partition();
    }
}
