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
 *
 * <p>The thread that received a batch handles its first message itself and hands the polling to a new thread
 * ({@link PollerHandoff}): the message goes on at once, where a thread started for it would wait its turn for a core
 * behind whatever the two cores already run (bench/README, "Where a slow transition waits").
 */
public final class QueueConsumer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(QueueConsumer.class.getName());

    private final TaskQueue queue;
    private final String name;
    private final Function<ReceivedMessage, Boolean> handler;
    private final Duration visibility;
    private final Duration wait;
    private final Semaphore slots;
    private final PollerHandoff pollers;

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
        this.pollers = new PollerHandoff("consume-" + name);
        pollers.start(this::poll); // last: the poller reads every field above
    }

    private void poll() {
        while (pollers.running()) {
            try {
                int free = Math.max(1, Math.min(10, slots.availablePermits()));
                List<ReceivedMessage> batch = queue.receive(name, free, visibility, wait);
                if (pollers.dispatch(batch, slots, "handle-" + name, this::handle)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                if (pollers.running()) {
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
        pollers.close();
    }
}
