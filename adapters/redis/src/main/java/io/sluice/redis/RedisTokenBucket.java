package io.sluice.redis;

import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * A token bucket per key in Redis, {@code P:bucket:KEY} = {tokens, at}, shared by every worker
 * that calls the same downstream system. One Lua script refills and takes atomically; the caller's
 * {@code now} drives the refill, so the server clock plays no part in the decision.
 */
public final class RedisTokenBucket implements RateLimiter {
    private static final LuaScript TAKE = LuaScript.load("token-bucket");

    private final Scripts script;
    private final KeyPrefix prefix;

    public RedisTokenBucket(RedissonClient redisson, String keyPrefix) {
        this.script = Scripts.of(Objects.requireNonNull(redisson, "redisson"));
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public Decision tryAcquire(String bucket, Limit limit, Instant now) {
        Long waitMillis = TAKE.run(script, ReturnType.INTEGER, List.of(prefix.key("bucket:" + bucket)),
                Double.toString(limit.perSecond()), Integer.toString(limit.burst()), Long.toString(now.toEpochMilli()));
        return waitMillis == 0L ? Decision.GRANTED : Decision.retryAfter(Duration.ofMillis(waitMillis));
    }
}
