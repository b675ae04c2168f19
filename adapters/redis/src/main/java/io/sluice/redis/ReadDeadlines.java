package io.sluice.redis;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The read timeout of the {@link RespTransport.Unix} connections of one pool: a virtual thread looks at them every quarter
 * of the timeout while any is open, and closes one whose read has waited longer than the timeout (so a read times out
 * between 1 and 1.25 times it). It runs only while there are connections to watch.
 */
final class ReadDeadlines {
    private final Duration timeout;
    private final Set<RespTransport.Unix> watched = ConcurrentHashMap.newKeySet();
    private Thread watcher;

    ReadDeadlines(Duration timeout) {
        if (!timeout.isPositive()) {
            throw new IllegalArgumentException("A read timeout must be positive, not " + timeout);
        }
        this.timeout = timeout;
    }

    Duration timeout() {
        return timeout;
    }

    synchronized void watch(RespTransport.Unix connection) {
        watched.add(connection);
        if (watcher == null) {
            watcher = Thread.ofVirtual().name("sluice-redis-read-deadlines").start(this::run);
        }
    }

    void forget(RespTransport.Unix connection) {
        watched.remove(connection);
    }

    private void run() {
        long limit = timeout.toNanos();
        while (true) {
            try {
                Thread.sleep(Math.max(1, timeout.toMillis() / 4));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped();
                return;
            }
            List<RespTransport.Unix> now;
            synchronized (this) {
                if (watched.isEmpty()) {
                    watcher = null;
                    return;
                }
                now = List.copyOf(watched);
            }
            long at = System.nanoTime();
            now.forEach(c -> c.expireIfOverdue(at, limit));
        }
    }

    private synchronized void stopped() {
        watcher = null;
    }
}
