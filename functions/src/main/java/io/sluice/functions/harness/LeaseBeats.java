package io.sluice.functions.harness;

import io.sluice.orchestration.path.Ticker;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one thread of a JVM that starts the beats of its {@link LeaseKeeper}s when they come due. It sleeps until the
 * earliest keeper's next beat, and a keeper that starts is only put in a set: its first beat is a whole interval away,
 * later than the beat the thread already sleeps for, so a task that ends before its first beat (most do) never wakes
 * the thread. A timer queue with a scheduled beat per task (which this replaced) woke its thread whenever the queue had
 * been empty, ~0.4 times a transition at 8 in flight, each a context switch on cores the task's round trips wait for.
 * When no keeper is left the thread sleeps one more interval of the last one (a new one then needs no wake either), then
 * until a keeper starts.
 */
final class LeaseBeats {
    private static final Logger LOG = Logger.getLogger(LeaseBeats.class.getName());
    /** {@link #sleepUntil} while the thread looks at the keepers or sleeps until woken: every keeper that starts wakes it. */
    private static final long UNTIL_WOKEN = Long.MIN_VALUE;

    /** A keeper as the thread sees it. */
    interface Beating {
        /** When its next beat is due (in the beats' {@link Ticker} time); {@link LeaseBeats#NOT_DUE} while a beat of it runs. */
        long dueNanos();

        /** Starts its beat off this thread; it says when the next is due ({@link LeaseBeats#due}) once it ends. */
        void startBeat();

        /** How long after a beat the next is due, ns. */
        long everyNanos();
    }

    static final long NOT_DUE = Long.MAX_VALUE;

    private final Set<Beating> keepers = ConcurrentHashMap.newKeySet();
    private volatile long sleepUntil = UNTIL_WOKEN;
    private final Ticker ticker;
    private final Thread thread;
    private final java.util.concurrent.atomic.AtomicLong looks = new java.util.concurrent.atomic.AtomicLong();

    /** @param ticker the time the keepers' beats are due in (the thread sleeps in the machine's, as any timer does) */
    LeaseBeats(String name, Ticker ticker) {
        this.ticker = ticker;
        thread = Thread.ofPlatform().daemon().name(name).start(this::run);
    }

    /** From now on {@code keeper} beats when it is due. */
    void add(Beating keeper) {
        keepers.add(keeper);
        due(keeper.dueNanos());
    }

    /** {@code keeper} beats no more (a beat already started still runs). */
    void remove(Beating keeper) {
        keepers.remove(keeper);
    }

    /** A keeper's next beat is due at {@code at} ({@link #now} time): the thread wakes for it if it sleeps past it. */
    void due(long at) {
        long until = sleepUntil;
        if (until == UNTIL_WOKEN || at - until < 0) {
            LockSupport.unpark(thread);
        }
    }

    /** Now, in the time the keepers' beats are due in. */
    long now() {
        return ticker.nanos();
    }

    /** The keepers that wait for a beat. */
    int size() {
        return keepers.size();
    }

    /** How many times the thread has looked at the keepers (each time it woke). */
    long looks() {
        return looks.get();
    }

    private void run() {
        long lastEvery = 0;
        while (true) {
            sleepUntil = UNTIL_WOKEN; // a keeper that starts from here on wakes the thread, so none is missed while it looks
            looks.incrementAndGet();
            long now = ticker.nanos();
            long next = 0;
            boolean any = false;
            for (Beating k : keepers) {
                long due = k.dueNanos();
                if (due == NOT_DUE) {
                    continue; // its beat runs; it says when the next is due
                }
                if (due - now <= 0) {
                    try {
                        k.startBeat();
                    } catch (RuntimeException e) {
                        // Not this thread's end: that keeper's lease lapses, as a missed beat's does, and the others beat on.
                        LOG.log(Level.WARNING, "a task's lease beat could not start; its lease will lapse", e);
                    }
                    continue;
                }
                if (!any || due - next < 0) {
                    next = due;
                }
                any = true;
                lastEvery = k.everyNanos();
            }
            if (!any && lastEvery > 0) {
                next = now + lastEvery; // idle: one more interval, so the next keeper (due a whole interval on) needs no wake
                lastEvery = 0;
                any = true;
            }
            if (any) {
                sleepUntil = next;
                LockSupport.parkNanos(this, next - ticker.nanos());
            } else {
                LockSupport.park(this);
            }
        }
    }
}
