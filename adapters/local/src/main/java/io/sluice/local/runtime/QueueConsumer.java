package io.sluice.local.runtime;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Consumes one queue on virtual threads, as the cloud's queue triggers do: long-polls a batch,
 * handles each message on its own virtual thread (at most {@code concurrency} at once), and
 * acknowledges it when the handler says so. A handler that throws leaves the message to come back
 * after its visibility timeout, and to be dead-lettered if it keeps failing.
 */
public final class QueueConsumer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(QueueConsumer.class.getName());

    private final TaskQueue queue;
    private final String name;
    private final Function<ReceivedMessage, Boolean> handler;
    private final Duration visibility;
    private final Duration wait;
    private final Semaphore slots;
    private final Thread poller;
    private volatile boolean running = true;

    /** How long one receive waits for a message, unless the consumer says otherwise: SQS's long poll takes up to 20 s. */
    public static final Duration WAIT = Duration.ofSeconds(1);

    /** @param handler returns whether to acknowledge the message */
    public QueueConsumer(TaskQueue queue, String name, Function<ReceivedMessage, Boolean> handler, Duration visibility, int concurrency) {
        this(queue, name, handler, visibility, concurrency, WAIT);
    }

    /** @param wait how long each receive waits for a message (a queue that is seldom fed: longer, fewer looks) */
    public QueueConsumer(TaskQueue queue, String name, Function<ReceivedMessage, Boolean> handler, Duration visibility, int concurrency,
                         Duration wait) {
        this.wait = wait;
        this.queue = queue;
        this.name = name;
        this.handler = handler;
        this.visibility = visibility;
        this.slots = new Semaphore(concurrency);
        this.poller = Thread.ofVirtual().name("consume-" + name).start(this::poll);
    }

    private void poll() {
        while (running) {
            try {
                int free = Math.max(1, Math.min(10, slots.availablePermits()));
                List<ReceivedMessage> batch = queue.receive(name, free, visibility, wait);
                for (ReceivedMessage m : batch) {
                    slots.acquire();
                    Thread.ofVirtual().name("handle-" + name).start(() -> handle(m));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                if (running) {
                    LOG.log(Level.WARNING, "receiving from " + name + " failed; retrying", e);
                    pause();
                }
            }
        }
    }

    private void handle(ReceivedMessage m) {
        try {
            if (handler.apply(m)) {
                queue.acknowledge(name, m.receipt());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "message " + m.messageId() + " on " + name + " failed (receive " + m.receiveCount()
                    + "); it will be redelivered: " + e.getMessage());
        } finally {
            slots.release();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        poller.interrupt();
    }
}
