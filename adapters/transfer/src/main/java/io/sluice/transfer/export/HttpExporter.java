package io.sluice.transfer.export;

import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.task.Sleeper;
import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.RateLimiter;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pushes an extract to an HTTP endpoint with the batch id as its {@code Idempotency-Key}. Every
 * request first takes a permit from the rate limit shared by all workers (a Redis token bucket in a
 * deployment). A 5xx, a 429 or a dropped connection is retried with capped exponential backoff, a
 * 429's {@code Retry-After} honoured when longer; any other 4xx is a rejection and is not retried. Where it may connect
 * is the client's {@link OutboundPolicy}, checked on the address each connection is made to: a refused host or address
 * is a {@code Sluice.HostNotAllowed} task error, not retried.
 */
public final class HttpExporter implements Exporter {
    private static final int MAX_REASON_CHARS = 500;
    private static final int MAX_BODY_BYTES = 64 * 1024;

    private final HttpTarget target;
    private final OutboundHttp client;
    private final RateLimiter limiter;
    private final Clock clock;
    private final Sleeper sleeper;

    public HttpExporter(HttpTarget target, OutboundHttp client, RateLimiter limiter, Clock clock, Sleeper sleeper) {
        this.target = target;
        this.client = client;
        this.limiter = limiter;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    @Override
    public Delivery deliver(Export export) {
        try {
            return attempt(export);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Delivery.Failed("The worker stopped while pushing; the batch may or may not have arrived, and its "
                    + "Idempotency-Key makes a retry safe.");
        }
    }

    private Delivery attempt(Export export) throws InterruptedException {
        URI uri = uri(export);
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        headers.add(Map.entry("Idempotency-Key", export.batchId()));
        headers.add(Map.entry("Content-Type", export.contentType() == null ? "application/octet-stream" : export.contentType()));
        headers.addAll(target.headers().entrySet());
        for (int retry = 0; ; retry++) {
            if (!awaitPermit()) {
                return new Delivery.RateLimited("The shared rate limit '" + target.rateBucket() + "' gave no permit within "
                        + target.maxPermitWait() + ".");
            }
            OutboundHttp.Response response;
            try {
                response = client.send(target.method(), uri, headers, export.content(), target.requestTimeout(), MAX_BODY_BYTES);
            } catch (IOException e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedException("interrupted during the push to " + uri.getHost());
                }
                if (!target.retries().allowsRetry(retry)) {
                    return new Delivery.Failed("Could not reach " + uri.getHost() + " after " + (retry + 1) + " attempts: " + e);
                }
                sleeper.sleep(target.retries().delay(retry));
                continue;
            }
            int status = response.status();
            if (status >= 200 && status < 300) {
                return new Delivery.Delivered("HTTP " + status + " from " + target.method() + " " + uri);
            }
            boolean retryable = status == 429 || status >= 500;
            if (!retryable) {
                return new Delivery.Rejected(status, reason(response));
            }
            if (!target.retries().allowsRetry(retry)) {
                String why = "HTTP " + status + " after " + (retry + 1) + " attempts: " + reason(response);
                return status == 429 ? new Delivery.RateLimited(why) : new Delivery.Failed(why);
            }
            Duration asked = RetryAfter.parse(response.header("Retry-After").orElse(null), clock.instant());
            sleeper.sleep(target.retries().delay(retry, asked));
        }
    }

    /** Waits for a permit of the shared limit; {@code false} when none came within {@code maxPermitWait}. */
    private boolean awaitPermit() throws InterruptedException {
        Instant giveUp = clock.instant().plus(target.maxPermitWait());
        while (true) {
            RateLimiter.Decision d = limiter.tryAcquire(target.rateBucket(), target.limit(), clock.instant());
            if (d.granted()) {
                return true;
            }
            if (clock.instant().plus(d.retryAfter()).isAfter(giveUp)) {
                return false;
            }
            sleeper.sleep(d.retryAfter());
        }
    }

    private URI uri(Export export) {
        return URI.create(target.url().replace("{batch}", encode(export.batchId())).replace("{name}", encode(export.name())));
    }

    private static String reason(OutboundHttp.Response response) {
        String body = new String(response.body(), StandardCharsets.UTF_8).strip();
        return body.isEmpty() ? "(no body)" : body.length() > MAX_REASON_CHARS ? body.substring(0, MAX_REASON_CHARS) + " ..." : body;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s == null ? "" : s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
