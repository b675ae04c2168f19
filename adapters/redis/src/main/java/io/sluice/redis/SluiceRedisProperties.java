package io.sluice.redis;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the Redis adapters, handed in by the host (Spring binding, the CLI, a test) — the
 * adapters read no environment themselves.
 *
 * @param url                  {@code redis://[user:password@]host:port} or {@code rediss://...} for TLS
 * @param keyPrefix            first segment of every key, e.g. the tenant or environment; no braces
 * @param timerShards          sorted sets the timer index spreads over; fixed for the life of a key prefix
 * @param abandonedClaimExpiry how long after its lease an unfinished task-token claim is kept
 */
public record SluiceRedisProperties(String url, String keyPrefix, int timerShards, Duration abandonedClaimExpiry) {
    public SluiceRedisProperties {
        Objects.requireNonNull(url, "url");
        String scheme = URI.create(url).getScheme();
        if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
            throw new IllegalArgumentException("A Redis URL starts with redis:// or rediss://, not " + redacted(url));
        }
        new KeyPrefix(keyPrefix); // validates
        if (timerShards < 1) {
            throw new IllegalArgumentException("The timer index needs at least one shard, not " + timerShards);
        }
        Objects.requireNonNull(abandonedClaimExpiry, "abandonedClaimExpiry");
    }

    /** Key prefix {@code sluice}, {@value RedisTimerIndex#DEFAULT_SHARDS} timer shards, claims dropped 7 days after their lease. */
    public static SluiceRedisProperties of(String url) {
        return new SluiceRedisProperties(url, "sluice", RedisTimerIndex.DEFAULT_SHARDS,
                RedisIdempotencyStore.DEFAULT_ABANDONED_CLAIM_EXPIRY);
    }

    public SluiceRedisProperties withKeyPrefix(String prefix) {
        return new SluiceRedisProperties(url, prefix, timerShards, abandonedClaimExpiry);
    }

    public SluiceRedisProperties withTimerShards(int shards) {
        return new SluiceRedisProperties(url, keyPrefix, shards, abandonedClaimExpiry);
    }

    /** Never prints a password. */
    @Override
    public String toString() {
        return "SluiceRedisProperties[url=" + redacted(url) + ", keyPrefix=" + keyPrefix + ", timerShards=" + timerShards
                + ", abandonedClaimExpiry=" + abandonedClaimExpiry + "]";
    }

    static String redacted(String url) {
        int at = url.lastIndexOf('@');
        int scheme = url.indexOf("://");
        return at < 0 || scheme < 0 ? url : url.substring(0, scheme + 3) + "***@" + url.substring(at + 1);
    }
}
