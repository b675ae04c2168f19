package io.sluice.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Two probes for {@link StageTrace}: a platform thread that parks 1 ms at a time and notes each park that
 * overshoots by more than {@code threshold} (the JVM or the machine stalled: a GC or safepoint pause, or no
 * core free), and a thread that pings Redis one call at a time and notes each ping slower than that.
 */
public final class Stalls implements AutoCloseable {
    /** A stall: of what ({@code jvm} or {@code redis}), from when, how long (nanoTime, ns). */
    public record Stall(String what, long start, long nanos) {}

    private final ConcurrentLinkedQueue<Stall> seen = new ConcurrentLinkedQueue<>();
    private final long threshold;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    public Stalls(Runnable ping, long thresholdMillis) {
        this.threshold = TimeUnit.MILLISECONDS.toNanos(thresholdMillis);
        threads.add(Thread.ofPlatform().daemon().name("stall-jvm").start(() -> {
            while (running) {
                long t = System.nanoTime();
                LockSupport.parkNanos(1_000_000);
                long took = System.nanoTime() - t - 1_000_000;
                if (took > threshold) {
                    seen.add(new Stall("jvm", t, took));
                }
            }
        }));
        threads.add(Thread.ofPlatform().daemon().name("stall-redis").start(() -> {
            while (running) {
                long t = System.nanoTime();
                try {
                    ping.run();
                } catch (RuntimeException e) {
                    return;
                }
                long took = System.nanoTime() - t;
                if (took > threshold) {
                    seen.add(new Stall("redis", t, took));
                }
                LockSupport.parkNanos(2_000_000);
            }
        }));
    }

    List<Stall> between(long from, long to) {
        List<Stall> in = new ArrayList<>();
        for (Stall s : seen) {
            if (s.start() + s.nanos() >= from && s.start() <= to) {
                in.add(s);
            }
        }
        return in;
    }

    @Override
    public void close() {
        running = false;
    }
}
