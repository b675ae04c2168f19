package io.sluice.testkit.fake;

import io.sluice.orchestration.port.TaskQueue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Queues in memory on a clock, for fast tests; it passes the same contract suite as the real ones.
 * Groups work as in the Redis queue: a group is a line of the messages that joined it, and only its
 * head can be received; a delayed message joins its group when its delay has passed.
 */
public final class InMemoryTaskQueue implements TaskQueue {
    private static final class Message {
        final String id = UUID.randomUUID().toString();
        final OutgoingMessage body;
        Instant visibleAt;
        int receives;
        String receipt;
        boolean joined;

        Message(OutgoingMessage body, Instant visibleAt) {
            this.body = body;
            this.visibleAt = visibleAt;
        }
    }

    private static final class Queue {
        final LinkedHashMap<String, Message> messages = new LinkedHashMap<>();
        final Map<String, ArrayDeque<Message>> groups = new HashMap<>();
        final Map<String, Instant> sentIds = new HashMap<>();
    }

    private final Clock clock;
    private final int maxReceives;
    private final Map<String, Queue> queues = new HashMap<>();

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
        Queue q = queue(queue);
        Instant now = clock.instant();
        if (message.id() != null) {
            q.sentIds.values().removeIf(at -> !at.plus(DEDUPLICATION_WINDOW).isAfter(now));
            if (q.sentIds.putIfAbsent(message.id(), now) != null) {
                return;
            }
        }
        Message m = new Message(message, now.plus(delay.isNegative() ? Duration.ZERO : delay));
        q.messages.put(m.id, m);
        if (message.group() != null && !delay.isPositive()) {
            join(q, m);
        }
        notifyAll();
    }

    private static void join(Queue q, Message m) {
        m.joined = true;
        q.groups.computeIfAbsent(m.body.group(), g -> new ArrayDeque<>()).addLast(m);
    }

    private static boolean receivable(Queue q, Message m) {
        if (m.body.group() == null) {
            return true;
        }
        if (!m.joined) {
            join(q, m);
        }
        return q.groups.get(m.body.group()).peekFirst() == m;
    }

    private static void leave(Queue q, Message m) {
        if (m.joined) {
            ArrayDeque<Message> line = q.groups.get(m.body.group());
            line.remove(m);
            if (line.isEmpty()) {
                q.groups.remove(m.body.group());
            }
        }
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
        Queue q = queue(queue);
        List<ReceivedMessage> out = new ArrayList<>();
        var it = q.messages.values().iterator();
        while (it.hasNext() && out.size() < max) {
            Message m = it.next();
            if (m.visibleAt.isAfter(now) || !receivable(q, m)) {
                continue;
            }
            if (m.receives >= maxReceives) {
                it.remove();
                leave(q, m);
                Message dead = new Message(new OutgoingMessage(m.body.body(), m.body.attributes()), now);
                queue(deadLetterQueue(queue)).messages.put(dead.id, dead);
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
        Queue q = queue(queue);
        q.messages.values().removeIf(m -> {
            boolean mine = receipt.equals(m.receipt);
            if (mine) {
                leave(q, m);
            }
            return mine;
        });
        notifyAll();
    }

    @Override
    public synchronized void extendVisibility(String queue, String receipt, Duration visibility) {
        for (Message m : queue(queue).messages.values()) {
            if (receipt.equals(m.receipt)) {
                m.visibleAt = clock.instant().plus(visibility);
            }
        }
    }

    @Override
    public String deadLetterQueue(String queue) {
        return queue + "-dlq";
    }

    private Queue queue(String name) {
        return queues.computeIfAbsent(name, n -> new Queue());
    }
}
