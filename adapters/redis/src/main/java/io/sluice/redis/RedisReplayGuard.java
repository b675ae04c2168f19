package io.sluice.redis;

import io.sluice.orchestration.port.ReplayGuard;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Seen keys in Redis: {@code SET P:seen:<key> 1 NX PX <keepFor>}, which is atomic, so of two racing
 * requests exactly one is first. Expiry runs on the server's clock; {@code now} is not needed here.
 */
public final class RedisReplayGuard implements ReplayGuard {
    private final RedissonClient redisson;
    private final KeyPrefix prefix;

    public RedisReplayGuard(RedissonClient redisson, String keyPrefix) {
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.prefix = new KeyPrefix(keyPrefix);
    }

    @Override
    public boolean firstSeen(String key, Instant now, Duration keepFor) {
        return redisson.<String>getBucket(prefix.key("seen:" + key), StringCodec.INSTANCE).setIfAbsent("1", keepFor);
    }

    @Override
    public void forget(String key) {
        redisson.getBucket(prefix.key("seen:" + key), StringCodec.INSTANCE).delete();
    }
}
