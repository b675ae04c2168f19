package io.sluice.redis;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Wakes receivers waiting on a queue in this JVM when a message may have become receivable there
 * (a send from this JVM, or a notification from another). A receiver takes the queue's
 * {@link #version} before it looks at Redis and then waits for a newer one, so a send between its
 * look and its wait is never missed.
 */
final class QueueSignals {
    private final ConcurrentMap<String, Signal> signals = new ConcurrentHashMap<>();
    /** A signal per set of queues waited on together (a function's channels), moved by a signal of any of them. */
    private final ConcurrentMap<java.util.List<String>, Signal> sets = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, java.util.List<Signal>> setsOf = new ConcurrentHashMap<>();

    long version(String queue) {
        return signalOf(queue).version();
    }

    /** The version of the set {@code queues}, signalled when any of them is. */
    long anyVersion(java.util.List<String> queues) {
        return setOf(queues).version();
    }

    /** Waits until one of {@code queues} is signalled after {@code seen} ({@link #anyVersion}), or {@code nanos} pass. */
    boolean awaitAny(java.util.List<String> queues, long seen, long nanos) throws InterruptedException {
        return setOf(queues).awaitChange(seen, nanos);
    }

    private Signal setOf(java.util.List<String> queues) {
        Signal known = sets.get(queues);
        if (known != null) {
            return known;
        }
        synchronized (sets) {
            return sets.computeIfAbsent(java.util.List.copyOf(queues), k -> {
                Signal s = new Signal();
                for (String q : k) {
                    setsOf.compute(q, (q2, list) -> {
                        java.util.List<Signal> l = list == null ? new java.util.ArrayList<>() : new java.util.ArrayList<>(list);
                        l.add(s);
                        return java.util.List.copyOf(l);
                    });
                }
                return s;
            });
        }
    }

    /** Per queue, the shards (bits) a message may have become receivable in since a receiver last looked (on Cluster). */
    private final ConcurrentMap<String, AtomicInteger> hotShards = new ConcurrentHashMap<>();

    /** As {@link #signal(String)}, noting that it was {@code shard}'s part of the queue. */
    void signal(String queue, int shard) {
        markHot(queue, shard);
        signal(queue);
    }

    /** Notes that {@code shard}'s part of the queue may have messages, without waking anyone (its caller looks next). */
    void markHot(String queue, int shard) {
        bitsOf(hotShards, queue).getAndUpdate(bits -> bits | (1 << shard));
    }

    /** Per queue, the shards (bits) that still held a visible message when a receiver last looked at them (on Cluster). */
    private final ConcurrentMap<String, AtomicInteger> deep = new ConcurrentHashMap<>();

    /** The shards of {@code queue} that held a visible message still at their last look. */
    int deepShards(String queue) {
        AtomicInteger bits = deep.get(queue);
        return bits == null ? 0 : bits.get();
    }

    /** A look at the shards {@code looked} of {@code queue}: those of {@code stillHolding} still hold visible messages, the others not. */
    void deepShards(String queue, int looked, int stillHolding) {
        if (looked != 0) {
            bitsOf(deep, queue).getAndUpdate(b -> (b & ~looked) | stillHolding);
        }
    }

    /** The shards signalled since the last call (bits), which a receiver looks at first. */
    int takeHotShards(String queue) {
        AtomicInteger bits = hotShards.get(queue);
        return bits == null ? 0 : bits.getAndSet(0);
    }

    /** Hands back hot shards a receiver took but did not look at, and wakes another receiver for them. */
    void returnHotShards(String queue, int bits) {
        if (bits != 0) {
            bitsOf(hotShards, queue).getAndUpdate(b -> b | bits);
            signal(queue);
        }
    }

    /** {@code queue}'s shard bits in {@code map}, none set at first. */
    private static AtomicInteger bitsOf(ConcurrentMap<String, AtomicInteger> map, String queue) {
        return map.computeIfAbsent(queue, q -> new AtomicInteger());
    }

    /** When each queue's shards were last all looked at (System.nanoTime), by any receiver of this JVM. */
    private final ConcurrentMap<String, java.util.concurrent.atomic.AtomicLong> fullLooks = new ConcurrentHashMap<>();

    /**
     * Whether a receiver should look at every shard now: true for one receiver of this JVM each {@code every} nanos, so
     * messages no signal announced (a delay or a visibility timeout that ran out, a notification lost) are found.
     */
    boolean fullLookDue(String queue, long every) {
        java.util.concurrent.atomic.AtomicLong last = fullLooks.computeIfAbsent(queue, q -> new java.util.concurrent.atomic.AtomicLong(System.nanoTime() - every));
        long now = System.nanoTime();
        long seen = last.get();
        return now - seen >= every && last.compareAndSet(seen, now);
    }

    void signal(String queue) {
        java.util.List<Signal> inSets = setsOf.get(queue);
        if (inSets != null) {
            inSets.forEach(Signal::bump);
        }
        Signal s = signals.get(queue);
        if (s != null) { // nobody ever waited on it: nothing to wake
            s.bump();
        }
    }

    /** Waits until {@code queue}'s version is past {@code seen}, or {@code nanos} pass; says whether it moved. */
    boolean awaitChange(String queue, long seen, long nanos) throws InterruptedException {
        return signalOf(queue).awaitChange(seen, nanos);
    }

    private Signal signalOf(String queue) {
        return signals.computeIfAbsent(queue, q -> new Signal());
    }

    /** A ReentrantLock rather than a monitor, so that waiting virtual threads never pin their carrier on Java 21. */
    private static final class Signal {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private volatile long version;

        long version() {
            return version;
        }

        void bump() {
            lock.lock();
            try {
                version++;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        boolean awaitChange(long seen, long nanos) throws InterruptedException {
            lock.lock();
            try {
                long left = nanos;
                while (version == seen && left > 0) {
                    left = changed.awaitNanos(left);
                }
                return version != seen;
            } finally {
                lock.unlock();
            }
        }
    }
}
