package io.sluice.local.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Publishes start requests open-loop: request {@code i} is planned for {@code t0 + i / rate} and sent
 * then on a virtual thread of its own, however slow earlier answers are, so a server (or client)
 * falling behind shows up as latency measured from the planned time instead of as a lower rate. One
 * dispatcher thread keeps the schedule; many requests can be in flight at once.
 */
final class OpenLoopPublisher {
    /** Outcome of request {@code i}: planned send time, answer time (nanoTime), HTTP status (0: no answer). */
    record Sent(long[] planned, AtomicLongArray answeredAt, AtomicLongArray status) {}

    private final HttpClient client;
    private final URI uri;

    OpenLoopPublisher(String baseUrl, String pipeline) {
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        this.uri = URI.create(baseUrl + "/v1/pipelines/" + pipeline + "/executions");
    }

    /** Publishes {@code count} starts at {@code rate} per second, bodies from {@code body(i)}; returns once every answer is in. */
    Sent publish(int count, double rate, java.util.function.IntFunction<String> body) throws InterruptedException {
        long[] planned = new long[count];
        AtomicLongArray answeredAt = new AtomicLongArray(count);
        AtomicLongArray status = new AtomicLongArray(count);
        long t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        try (ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                planned[i] = t0 + (long) (i * 1e9 / rate);
                long wait;
                while ((wait = planned[i] - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                int n = i;
                senders.execute(() -> send(n, body.apply(n), answeredAt, status));
            }
        }
        return new Sent(planned, answeredAt, status);
    }

    private void send(int i, String body, AtomicLongArray answeredAt, AtomicLongArray status) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            HttpResponse<Void> r = client.send(request, HttpResponse.BodyHandlers.discarding());
            status.set(i, r.statusCode());
        } catch (IOException e) {
            status.set(i, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            answeredAt.set(i, System.nanoTime());
        }
    }
}
