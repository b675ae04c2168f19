package io.sluice.redis;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
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
