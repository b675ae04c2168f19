package io.sluice.local.runtime;

import io.sluice.functions.channel.ChannelTaker;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.BiFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Consumes one function's priority channels, as {@link QueueConsumer} does one queue: a
 * {@link ChannelTaker} decides which channel to take from (P0 first, lower ones throttled first under
 * pressure) and admits each task under the limits across processes; each runs on its own virtual
 * thread, at most {@code concurrency} at once, and gives its slots back when it ends. The thread that
 * took a batch handles its first task itself and hands the taking to a new thread, as {@link QueueConsumer}'s does.
 */
final class ChannelConsumer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ChannelConsumer.class.getName());

    /**
     * The most tasks one take asks for. Not SQS's 10 (its adapter answers at most 10 whatever is asked): a take of the
     * priority channels is a round trip per channel looked at, and with 10 the worker's take, not the runtime, bounded a
     * loaded function (issue 32's {@code aof-always} run: 1,320-1,423 transitions/s with the task queue ~1,000 deep,
     * against 1,527-1,615/s and a shallow queue with 40, alternating; 32 kept it shallow too). Pacing and the free slots
     * still cap each take.
     */
    static final int TAKE_BATCH = 32;

    private final TaskQueue queue;
    private final String name;
    private final BiFunction<TaskQueue.ReceivedMessage, String, Boolean> handler;
    private final Duration visibility;
    private final Semaphore slots;
    private final PollerHandoff pollers;
    private volatile ChannelTaker taker;

    /** @param handler given the message and the channel queue it came from; returns whether to acknowledge it */
    ChannelConsumer(TaskQueue queue, String name, ChannelTaker taker, BiFunction<TaskQueue.ReceivedMessage, String, Boolean> handler,
                    Duration visibility, int concurrency) {
        this.queue = queue;
        this.name = name;
        this.taker = taker;
        this.handler = handler;
        this.visibility = visibility;
        this.slots = new Semaphore(concurrency);
        this.pollers = new PollerHandoff("consume-" + name);
        pollers.start(this::poll); // last: the poller reads every field above
    }

    private volatile int saturation;
    private volatile java.time.Instant saturatedUntil = java.time.Instant.MIN;

    /** From the next take on, {@code next} decides (limits set after start); a backend's saturation carries over. */
    void use(ChannelTaker next) {
        next.saturated(saturation, saturatedUntil);
        this.taker = next;
    }

    /** A backend of this function says it is saturated: pause the {@code level} lowest channels until {@code until}. */
    void saturated(int level, java.time.Instant until) {
        saturation = level;
        saturatedUntil = until;
        taker.saturated(level, until);
    }

    /** The channels the taker paused at its last look. */
    java.util.Set<io.sluice.functions.priority.Priority> paused() {
        return taker.paused();
    }

    private void poll() {
        while (pollers.running()) {
            try {
                slots.acquire();
                int free = Math.min(TAKE_BATCH - 1, slots.availablePermits()) + 1;
                ChannelTaker t = taker;
                List<ChannelTaker.Taken> batch;
                try {
                    batch = t.take(free, visibility, Duration.ofSeconds(1));
                } finally {
                    slots.release();
                }
                if (pollers.dispatch(batch, slots, "handle-" + name, m -> handle(t, m))) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                if (pollers.running()) {
                    LOG.log(Level.WARNING, "receiving from the channels of " + name + " failed; retrying", e);
                    pause();
                }
            }
        }
    }

    private void handle(ChannelTaker t, ChannelTaker.Taken m) {
        try {
            if (handler.apply(m.message(), m.queue())) {
                queue.acknowledge(m.queue(), m.message().receipt());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "message " + m.message().messageId() + " on " + m.queue() + " failed (receive "
                    + m.message().receiveCount() + "); it will be redelivered: " + e.getMessage());
        } finally {
            try {
                t.done(m);
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "giving back the slots of " + m.message().messageId() + " failed; they lapse with their lease", e);
            }
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
