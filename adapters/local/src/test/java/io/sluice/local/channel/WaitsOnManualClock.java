package io.sluice.local.channel;

import io.sluice.functions.messaging.ForwardingQueue;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A task queue whose long polls take logical time: a receive that finds nothing moves the {@link ManualClock} on by its
 * wait instead of blocking, and every wait asked for is recorded; a receive may also take a round trip's time of its own
 * ({@code eachReceive}). The messages themselves are the real queue's.
 */
final class WaitsOnManualClock extends ForwardingQueue {
    private final TaskQueue queue;
    private final ManualClock clock;
    private final Duration eachReceive;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    WaitsOnManualClock(TaskQueue queue, ManualClock clock) {
        this(queue, clock, Duration.ZERO);
    }

    /** @param eachReceive the logical time every receive takes, found messages or not (its round trip) */
    WaitsOnManualClock(TaskQueue queue, ManualClock clock, Duration eachReceive) {
        super(queue);
        this.queue = queue;
        this.clock = clock;
        this.eachReceive = eachReceive;
    }

    /** The waits of the receives so far, in order. */
    List<Duration> waits() {
        return List.copyOf(waits);
    }

    @Override
    public FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        waits.add(wait);
        FirstReceived got = queue.receiveFirst(queues, max, visibility, Duration.ZERO);
        clock.advance(eachReceive);
        if (got.messages().isEmpty() && wait.isPositive()) {
            clock.advance(wait);
        }
        return got;
    }

    @Override
    public List<ReceivedMessage> receive(String name, int max, Duration visibility, Duration wait) {
        waits.add(wait);
        List<ReceivedMessage> got = queue.receive(name, max, visibility, Duration.ZERO);
        clock.advance(eachReceive);
        if (got.isEmpty() && wait.isPositive()) {
            clock.advance(wait);
        }
        return got;
    }

    @Override
    public Optional<Backlog> backlog(String name) {
        return queue.backlog(name);
    }
}
