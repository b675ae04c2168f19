package io.sluice.cli.bench;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Publishes start requests open-loop: request {@code i} is planned for {@code t0 + i / rate} and sent
 * then on a virtual thread of its own, however slow earlier answers are, so a server (or client)
 * falling behind shows up as latency measured from the planned time instead of as a lower rate. One
 * dispatcher thread keeps the schedule; many requests can be in flight at once, each on a kept-alive
 * connection of its own ({@link KeepAliveHttp}).
 */
final class OpenLoopPublisher implements AutoCloseable {
    /** Outcome of request {@code i}: planned send time, answer time (nanoTime), HTTP status (0: no answer). */
    record Sent(long[] planned, AtomicLongArray answeredAt, AtomicLongArray status) {}

    private final KeepAliveHttp client;
    private final String path;

    OpenLoopPublisher(String baseUrl, String pipeline) {
        this.client = new KeepAliveHttp(URI.create(baseUrl));
        this.path = "/v1/pipelines/" + pipeline + "/executions";
    }

    @Override
    public void close() {
        client.close();
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
        try {
            status.set(i, client.post(path, body));
        } catch (IOException | RuntimeException e) {
            status.set(i, 0);
        } finally {
            answeredAt.set(i, System.nanoTime());
        }
    }
}
