package io.sluice.testkit.fake;

import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Token buckets in memory, computed as the Redis script computes them; passes the {@code RateLimiterContract}. */
public final class InMemoryRateLimiter implements RateLimiter {
    private record Bucket(double tokens, long atMillis) {}

    private final Map<String, Bucket> buckets = new HashMap<>();

    @Override
    public synchronized Decision tryAcquire(String bucket, Limit limit, Instant now) {
        long nowMs = now.toEpochMilli();
        Bucket b = buckets.getOrDefault(bucket, new Bucket(limit.burst(), nowMs));
        long elapsed = Math.max(0, nowMs - b.atMillis);
        double tokens = Math.min(limit.burst(), b.tokens + elapsed * limit.perSecond() / 1000.0);
        long at = Math.max(nowMs, b.atMillis);
        if (tokens >= 1.0) {
            buckets.put(bucket, new Bucket(tokens - 1.0, at));
            return Decision.GRANTED;
        }
        buckets.put(bucket, new Bucket(tokens, at));
        return Decision.retryAfter(Duration.ofMillis((long) Math.ceil((1.0 - tokens) * 1000.0 / limit.perSecond())));
    }
}
