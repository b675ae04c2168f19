package io.sluice.local.runtime;

/**
 * The one thread of a consumer that polls its queue, which may change: a poller that received a message hands the
 * polling to a new virtual thread and goes on to handle the message itself ({@link #handOff}), so the message does not
 * wait for a newly started thread to get a core. {@link #close} interrupts whichever thread polls at that moment, never
 * one that has handed off and is handling a message: a hand-off and a close take the same lock.
 */
final class PollerHandoff {
    private final String name;
    private Thread poller;
    private volatile boolean running = true;

    /** The pollers of a consumer, each named {@code name}: none until {@link #start}. */
    PollerHandoff(String name) {
        this.name = name;
    }

    /**
     * Starts the first poller, running {@code poll}. A consumer calls it once it is fully made (its poller reads its
     * fields, this object among them), not from its constructor's field initialisers.
     */
    synchronized void start(Runnable poll) {
        if (poller != null) {
            throw new IllegalStateException("the pollers of " + name + " have started already");
        }
        poller = Thread.ofVirtual().name(name).start(poll);
    }

    /** Whether the consumer still runs: a poller loops while it does. */
    boolean running() {
        return running;
    }

    /**
     * Called by the polling thread: a new thread polls from now on, running {@code poll}, and the caller is free to handle
     * what it received (it must then stop polling). After {@link #close}, no new poller starts, and the caller's interrupt
     * (close's, to stop it polling) is cleared: what it received is still handled, its I/O not cut short.
     */
    synchronized void handOff(Runnable poll) {
        if (running) {
            poller = Thread.ofVirtual().name(name).start(poll);
        } else {
            Thread.interrupted();
        }
    }

    /** Stops polling: no hand-off after this, and the thread that polls now is interrupted. */
    synchronized void close() {
        running = false;
        if (poller != null) {
            poller.interrupt();
        }
    }
}
