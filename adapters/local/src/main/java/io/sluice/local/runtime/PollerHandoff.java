package io.sluice.local.runtime;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * The one thread of a consumer that polls its queue, which may change: a poller that received a batch hands the
 * polling to a new virtual thread and goes on to handle the batch's first message itself ({@link #dispatch}), so the
 * message does not wait for a newly started thread to get a core. {@link #close} interrupts whichever thread polls at
 * that moment, never one that has handed off and is handling a message: a hand-off and a close take the same lock.
 */
final class PollerHandoff {
    private final String name;
    private Runnable poll;
    private Thread poller;
    private volatile boolean running = true;

    /** The pollers of a consumer, each named {@code name}: none until {@link #start}. */
    PollerHandoff(String name) {
        this.name = name;
    }

    /**
     * Starts the first poller, running {@code poll}, as every later one will. A consumer calls it once it is fully made
     * (its poller reads its fields, this object among them), not from its constructor's field initialisers.
     */
    synchronized void start(Runnable poll) {
        if (poller != null) {
            throw new IllegalStateException("the pollers of " + name + " have started already");
        }
        this.poll = poll;
        poller = Thread.ofVirtual().name(name).start(poll);
    }

    /** Whether the consumer still runs: a poller loops while it does. */
    boolean running() {
        return running;
    }

    /**
     * Called by the polling thread with what it received: each message but the first on a thread of its own named
     * {@code handlerName}, then a new poller, then the first message on this thread; each message holds one of
     * {@code slots} while it is handled ({@code handle} gives it back). Returns false for an empty batch (the caller
     * polls on), true when the caller has handled the first and must stop polling.
     */
    <T> boolean dispatch(List<T> batch, Semaphore slots, String handlerName, Consumer<T> handle) throws InterruptedException {
        if (batch.isEmpty()) {
            return false;
        }
        for (int i = 1; i < batch.size(); i++) {
            T m = batch.get(i);
            slots.acquire();
            Thread.ofVirtual().name(handlerName).start(() -> handle.accept(m));
        }
        slots.acquire();
        handOff();
        handle.accept(batch.getFirst());
        return true;
    }

    /**
     * A new thread polls from now on. After {@link #close}, none starts, and the caller's interrupt (close's, to stop it
     * polling) is cleared: what it received is still handled, its I/O not cut short.
     */
    private synchronized void handOff() {
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
