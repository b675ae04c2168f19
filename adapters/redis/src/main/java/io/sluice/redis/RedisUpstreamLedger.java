package io.sluice.redis;

import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * The upstream ledger in Redis: one set per (dependent, partition),
 * {@code P:upstream:<length of dependent>:<dependent>:<partition>}, holding the upstreams that
 * succeeded for it. The length makes the key unambiguous whatever the names contain. One Lua script
 * adds, sets the expiry and reads back, so concurrent completions see each other.
 */
public final class RedisUpstreamLedger implements UpstreamLedger {
    private static final LuaScript SUCCEEDED = LuaScript.load("upstream-succeeded");

    private final Scripts script;
    private final KeyPrefix prefix;

    public RedisUpstreamLedger(RedissonClient redisson, String keyPrefix) {
        this.script = Scripts.of(Objects.requireNonNull(redisson, "redisson"));
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Set<String> succeeded(String dependent, String partition, String upstream, Instant keepUntil) {
        String key = prefix.key("upstream:" + dependent.length() + ":" + dependent + ":" + partition);
        List<String> all = SUCCEEDED.run(script, ReturnType.MULTI, List.of(key), upstream, Long.toString(keepUntil.toEpochMilli()));
        return Set.copyOf(all);
    }
}
