package io.sluice.testkit.fake;

import io.sluice.orchestration.port.TaskQueue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Queues in memory on a clock, for fast tests; it passes the same contract suite as the real ones. */
public final class InMemoryTaskQueue implements TaskQueue {
    private static final class Message {
        final String id = UUID.randomUUID().toString();
        final OutgoingMessage body;
        Instant visibleAt;
        int receives;
        String receipt;

        Message(OutgoingMessage body, Instant visibleAt) {
            this.body = body;
            this.visibleAt = visibleAt;
        }
    }

    private final Clock clock;
    private final int maxReceives;
    private final Map<String, LinkedHashMap<String, Message>> queues = new HashMap<>();

    public InMemoryTaskQueue(Clock clock, int maxReceives) {
        this.clock = clock;
        this.maxReceives = maxReceives;
    }

    @Override
    public Duration maxDelay() {
        return Duration.ofMinutes(15);
    }

    @Override
    public int maxReceives() {
        return maxReceives;
    }

    @Override
    public synchronized void send(String queue, OutgoingMessage message, Duration delay) {
        if (delay.compareTo(maxDelay()) > 0) {
            throw new IllegalArgumentException("delay " + delay + " is longer than the queue's " + maxDelay() + "; use the timer index");
        }
        Message m = new Message(message, clock.instant().plus(delay));
        queue(queue).put(m.id, m);
        notifyAll();
    }

    @Override
    public synchronized List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            List<ReceivedMessage> out = take(queue, max, visibility);
            long left = deadline - System.nanoTime();
            if (!out.isEmpty() || left <= 0) {
                return out;
            }
            try {
                wait(Math.max(1, Math.min(left / 1_000_000, 50)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    private List<ReceivedMessage> take(String queue, int max, Duration visibility) {
        Instant now = clock.instant();
        List<ReceivedMessage> out = new ArrayList<>();
        var it = queue(queue).values().iterator();
        while (it.hasNext() && out.size() < max) {
            Message m = it.next();
            if (m.visibleAt.isAfter(now)) {
                continue;
            }
            if (m.receives >= maxReceives) {
                it.remove();
                m.receives = 0;
                m.visibleAt = now;
                queue(deadLetterQueue(queue)).put(m.id, m);
                continue;
            }
            m.receives++;
            m.visibleAt = now.plus(visibility);
            m.receipt = m.id + "#" + m.receives;
            out.add(new ReceivedMessage(m.id, m.receipt, m.body.body(), m.body.attributes(), m.receives));
        }
        return out;
    }

    @Override
    public synchronized void acknowledge(String queue, String receipt) {
        queue(queue).values().removeIf(m -> receipt.equals(m.receipt));
    }

    @Override
    public synchronized void extendVisibility(String queue, String receipt, Duration visibility) {
        for (Message m : queue(queue).values()) {
            if (receipt.equals(m.receipt)) {
                m.visibleAt = clock.instant().plus(visibility);
            }
        }
    }

    @Override
    public String deadLetterQueue(String queue) {
        return queue + "-dlq";
    }

    private LinkedHashMap<String, Message> queue(String name) {
        return queues.computeIfAbsent(name, n -> new LinkedHashMap<>());
    }
}
