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
import org.redisson.api.RScript;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The dependency index in Redis. Per upstream {@code pipeline/partition} (pipeline names hold no
 * {@code /}): a success marker {@code P:dep:ok:U} (kept until the caller's {@code keepUntil}) and a
 * set of waiting tokens {@code P:dep:waiters:U}; per waiting token a hash {@code P:dep:task:TOKEN}
 * of its upstreams, met or not. Registering and succeeding are one Lua script each, so they are
 * atomic against each other. Like the other Sluice stores it assumes one Redis node (the success
 * script derives task keys from their prefix).
 */
public final class RedisDependencyIndex implements DependencyIndex {
    private static final LuaScript AWAIT = LuaScript.load("dependency-await");
    private static final LuaScript SUCCEEDED = LuaScript.load("dependency-succeeded");
    private static final LuaScript RELEASE = LuaScript.load("dependency-release");

    private final RedissonClient redisson;
    private final RScript script;
    private final KeyPrefix prefix;

    public RedisDependencyIndex(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = redisson.getScript(StringCodec.INSTANCE);
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Set<Upstream> await(String token, Set<Upstream> upstreams, Instant expiresAt) {
        List<Object> keys = new ArrayList<>();
        List<Object> args = new ArrayList<>(List.of(token, Long.toString(expiresAt.toEpochMilli())));
        Map<String, Upstream> byId = new HashMap<>();
        keys.add(taskKey(token));
        for (Upstream u : upstreams) {
            String id = id(u);
            byId.put(id, u);
            keys.add(prefix.key("dep:ok:" + id));
            keys.add(prefix.key("dep:waiters:" + id));
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
                List.of(prefix.key("dep:ok:" + id), prefix.key("dep:waiters:" + id)),
                id, Long.toString(keepUntil.toEpochMilli()), prefix.key("dep:task:"));
        return List.copyOf(ready);
    }

    @Override
    public boolean hasSucceeded(Upstream upstream) {
        return redisson.getBucket(prefix.key("dep:ok:" + id(upstream)), StringCodec.INSTANCE).isExists();
    }

    @Override
    public void release(String token) {
        RELEASE.run(script, ReturnType.INTEGER, List.of(taskKey(token)), token, prefix.key("dep:waiters:"));
    }

    private String taskKey(String token) {
        return prefix.key("dep:task:" + token);
    }

    private static String id(Upstream u) {
        if (u.pipeline().indexOf('/') >= 0) {
            throw new IllegalArgumentException("pipeline names hold no '/'; got '" + u.pipeline() + "'");
        }
        return u.pipeline() + "/" + u.partition();
    }
}
