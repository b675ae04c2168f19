package io.sluice.transfer.export;

import io.sluice.functions.task.Backoff;
import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * An HTTP export destination.
 *
 * @param url            where to send; {@code {batch}} and {@code {name}} are replaced (URL-encoded) by the export's
 * @param method         {@code POST} or {@code PUT}
 * @param headers        sent with every request (an {@code Authorization} header, say); never logged
 * @param requestTimeout per request
 * @param retries        waits between attempts after a 5xx, a 429 (at least its {@code Retry-After}, under the cap) or a
 *                       dropped connection
 * @param rateBucket     the shared rate limit's bucket: every worker pushing to this system uses the same name
 * @param limit          the system's rate limit
 * @param maxPermitWait  the longest a delivery waits for the shared rate limit before it reports {@code RateLimited}
 */
public record HttpTarget(String url, String method, Map<String, String> headers, Duration requestTimeout, Backoff retries,
                         String rateBucket, RateLimiter.Limit limit, Duration maxPermitWait) {
    public HttpTarget {
        Objects.requireNonNull(url, "url");
        if (!"POST".equals(method) && !"PUT".equals(method)) {
            throw new IllegalArgumentException("an HTTP export target uses POST or PUT; got " + method);
        }
        headers = Map.copyOf(headers);
    }

    /** POST with 30 s requests, 5 retries from 1 s doubling up to 60 s, 10 requests a second. */
    public static HttpTarget post(String url, String rateBucket) {
        return new HttpTarget(url, "POST", Map.of(), Duration.ofSeconds(30),
                new Backoff(Duration.ofSeconds(1), 2.0, Duration.ofSeconds(60), 5), rateBucket,
                new RateLimiter.Limit(10, 10), Duration.ofMinutes(2));
    }
}
