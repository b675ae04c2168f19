package io.sluice.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the Redis adapters, handed in by the host (Spring binding, the CLI, a test) — the
 * adapters read no environment themselves.
 *
 * @param url                  {@code redis://[user:password@]host:port[/database]} or {@code rediss://...} for TLS: one
 *                             server (or a primary with replicas behind one address); {@code redis+cluster://[user:password@]host:port[,host:port...]}
 *                             or {@code rediss+cluster://...} for Redis Cluster (MemoryDB, ElastiCache in cluster mode): any
 *                             of its nodes, as seeds
 * @param keyPrefix            first segment of every key, e.g. the tenant or environment; no braces
 * @param timerShards          sorted sets the timer index spreads over; fixed for the life of a key prefix
 * @param abandonedClaimExpiry how long after its lease an unfinished task-token claim is kept
 * @param historyInlineBytes   the longest history line (UTF-8 bytes) the execution store keeps in Redis once the host
 *                             gives it an object store (hosts: {@code sluice.redis.history-inline-bytes}); longer ones
 *                             are kept there, by reference
 */
public record SluiceRedisProperties(String url, String keyPrefix, int timerShards, Duration abandonedClaimExpiry, int historyInlineBytes) {
    public SluiceRedisProperties {
        Objects.requireNonNull(url, "url");
        RedisUrl.parse(url); // validates, naming the setting and the forms expected
        new KeyPrefix(keyPrefix); // validates
        if (timerShards < 1) {
            throw new IllegalArgumentException("The timer index needs at least one shard, not " + timerShards);
        }
        Objects.requireNonNull(abandonedClaimExpiry, "abandonedClaimExpiry");
        if (historyInlineBytes < 0) {
            throw new IllegalArgumentException("sluice.redis.history-inline-bytes must be 0 or more, not " + historyInlineBytes);
        }
    }

    /**
     * Key prefix {@code sluice}, {@value RedisTimerIndex#DEFAULT_SHARDS} timer shards, claims dropped 7 days after their lease,
     * history lines over {@value #DEFAULT_HISTORY_INLINE_BYTES} bytes kept in the object store (when there is one).
     */
    public static SluiceRedisProperties of(String url) {
        return new SluiceRedisProperties(url, "sluice", RedisTimerIndex.DEFAULT_SHARDS,
                RedisIdempotencyStore.DEFAULT_ABANDONED_CLAIM_EXPIRY, DEFAULT_HISTORY_INLINE_BYTES);
    }

    /** The default of {@link #historyInlineBytes}. */
    public static final int DEFAULT_HISTORY_INLINE_BYTES = HistoryOffload.DEFAULT_INLINE_BYTES;

    public SluiceRedisProperties withHistoryInlineBytes(int bytes) {
        return new SluiceRedisProperties(url, keyPrefix, timerShards, abandonedClaimExpiry, bytes);
    }

    public SluiceRedisProperties withKeyPrefix(String prefix) {
        return new SluiceRedisProperties(url, prefix, timerShards, abandonedClaimExpiry, historyInlineBytes);
    }

    public SluiceRedisProperties withTimerShards(int shards) {
        return new SluiceRedisProperties(url, keyPrefix, shards, abandonedClaimExpiry, historyInlineBytes);
    }

    /**
     * These settings with the AUTH password given apart from the URL (a host reads it from its secret store, as
     * {@code SLUICE_REDIS_AUTH_SECRET_ARN} or {@code _URI} names it). The URL must then carry no password of its own;
     * its user info, if any, is the user name ({@code rediss://sluice-prod-app@host:6379}: a MemoryDB ACL user). The
     * scheme, so TLS for {@code rediss://}, and the rest of the URL are kept. The password is percent-encoded into the
     * URL (of a single server or of a cluster), which {@link RedisAdapters#client(String)} decodes; {@link #toString()} never shows it.
     */
    public SluiceRedisProperties withPassword(String password) {
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("The Redis password must not be empty");
        }
        int schemeEnd = url.indexOf("://") + 3;
        int authorityEnd = schemeEnd;
        while (authorityEnd < url.length() && "/?#".indexOf(url.charAt(authorityEnd)) < 0) {
            authorityEnd++;
        }
        String authority = url.substring(schemeEnd, authorityEnd);
        int at = authority.lastIndexOf('@');
        String user = at < 0 ? null : authority.substring(0, at);
        if (user != null && user.contains(":")) {
            throw new IllegalArgumentException("The Redis URL " + redacted(url) + " carries a password already; give it one way only");
        }
        String withPassword = url.substring(0, schemeEnd) + (user == null ? "" : user) + ":" + encoded(password) + "@"
                + authority.substring(at + 1) + url.substring(authorityEnd);
        return new SluiceRedisProperties(withPassword, keyPrefix, timerShards, abandonedClaimExpiry, historyInlineBytes);
    }

    /** Every byte but RFC 3986's unreserved characters as {@code %XX}, so any password fits in the user info. */
    private static String encoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return out.toString();
    }

    /** Never prints a password. */
    @Override
    public String toString() {
        return "SluiceRedisProperties[url=" + redacted(url) + ", keyPrefix=" + keyPrefix + ", timerShards=" + timerShards
                + ", abandonedClaimExpiry=" + abandonedClaimExpiry + ", historyInlineBytes=" + historyInlineBytes + "]";
    }

    static String redacted(String url) {
        int at = url.lastIndexOf('@');
        int scheme = url.indexOf("://");
        return at < 0 || scheme < 0 ? url : url.substring(0, scheme + 3) + "***@" + url.substring(at + 1);
    }
}
