package io.sluice.transfer.export;

import io.sluice.functions.task.Sleeper;
import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.RateLimiter;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Pushes an extract to an HTTP endpoint with the batch id as its {@code Idempotency-Key}. Every
 * request first takes a permit from the rate limit shared by all workers (a Redis token bucket in a
 * deployment). A 5xx, a 429 or a dropped connection is retried with capped exponential backoff, a
 * 429's {@code Retry-After} honoured when longer; any other 4xx is a rejection and is not retried.
 */
public final class HttpExporter implements Exporter {
    private static final int MAX_REASON_CHARS = 500;

    private final HttpTarget target;
    private final HttpClient client;
    private final RateLimiter limiter;
    private final Clock clock;
    private final Sleeper sleeper;

    public HttpExporter(HttpTarget target, HttpClient client, RateLimiter limiter, Clock clock, Sleeper sleeper) {
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
        HttpRequest request = request(export);
        for (int retry = 0; ; retry++) {
            if (!awaitPermit()) {
                return new Delivery.RateLimited("The shared rate limit '" + target.rateBucket() + "' gave no permit within "
                        + target.maxPermitWait() + ".");
            }
            HttpResponse<String> response;
            try {
                response = client.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                if (!target.retries().allowsRetry(retry)) {
                    return new Delivery.Failed("Could not reach " + request.uri().getHost() + " after " + (retry + 1) + " attempts: " + e);
                }
                sleeper.sleep(target.retries().delay(retry));
                continue;
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return new Delivery.Delivered("HTTP " + status + " from " + request.method() + " " + request.uri());
            }
            boolean retryable = status == 429 || status >= 500;
            if (!retryable) {
                return new Delivery.Rejected(status, reason(response));
            }
            if (!target.retries().allowsRetry(retry)) {
                String why = "HTTP " + status + " after " + (retry + 1) + " attempts: " + reason(response);
                return status == 429 ? new Delivery.RateLimited(why) : new Delivery.Failed(why);
            }
            Duration asked = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), clock.instant());
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

    private HttpRequest request(Export export) {
        String url = target.url().replace("{batch}", encode(export.batchId())).replace("{name}", encode(export.name()));
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(target.requestTimeout())
                .header("Idempotency-Key", export.batchId())
                .header("Content-Type", export.contentType() == null ? "application/octet-stream" : export.contentType())
                .method(target.method(), HttpRequest.BodyPublishers.ofByteArray(export.content()));
        target.headers().forEach(b::header);
        return b.build();
    }

    private static String reason(HttpResponse<String> response) {
        String body = response.body() == null ? "" : response.body().strip();
        return body.isEmpty() ? "(no body)" : body.length() > MAX_REASON_CHARS ? body.substring(0, MAX_REASON_CHARS) + " ..." : body;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s == null ? "" : s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
