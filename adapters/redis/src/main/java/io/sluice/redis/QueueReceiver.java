package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The receiving side of {@link RedisTaskQueue}: the receive scripts, shard by shard on Cluster, and the waiting between
 * them, woken by this JVM's sends and by the other nodes' through the Pub/Sub channel.
 */
final class QueueReceiver {
    private static final LuaScript RECEIVE = LuaScript.load("queue-receive", "lib/claim", "lib/load");

    private final RedissonClient redisson;
    private final Scripts script;
    private final QueueKeys queues;
    private final String channel;
    private final int maxReceives;
    private final String instance = UUID.randomUUID().toString();
    private final QueueSignals signals = new QueueSignals();
    private final Object subscribing = new Object();
    private volatile RTopic topic;
    private volatile int listener = -1;
    private volatile ReceiveReads reads;

    QueueReceiver(RedissonClient redisson, Scripts script, QueueKeys queues, String channel, int maxReceives) {
        this.redisson = redisson;
        this.script = script;
        this.queues = queues;
        this.channel = channel;
        this.maxReceives = maxReceives;
    }

    QueueSignals signals() {
        return signals;
    }

    /** From now on, every receive but a dead-letter queue's reads along what {@code reads} asks. */
    void readAlong(ReceiveReads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /** Up to {@code max} messages, waiting at most {@code wait} (to the millisecond) for the first. */
    List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        if (visibility.isNegative()) {
            throw new IllegalArgumentException("A visibility timeout cannot be negative: " + visibility);
        }
        QueueKeys.checked(queue);
        long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
        if (wait.isPositive()) {
            subscribe();
        }
        boolean everyShard = !wait.isPositive();
        while (true) {
            long seen = signals.version(queue);
            Taken taken = take(queue, max, visibility, everyShard);
            if (!taken.messages().isEmpty()) {
                return taken.messages();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return List.of();
            }
            if (taken.moved()) {
                continue; // the visible ones were dead-lettered; more may be visible behind them
            }
            long pause = Math.min(left, RedisTaskQueue.RECHECK.toNanos());
            if (taken.nextVisibleMillis() >= 0) {
                pause = Math.min(pause, Duration.ofMillis(taken.nextVisibleMillis()).toNanos());
            }
            try {
                everyShard = !signals.awaitChange(queue, seen, pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    /**
     * Up to {@code max} messages from the first of {@code queues} that has any, in their order (the priority
     * channels, P0 first); waiting, it is woken by a send to any of them, so a lower channel's message is
     * taken as soon as a higher one's would be.
     */
    FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        queues.forEach(QueueKeys::checked);
        if (queues.isEmpty()) {
            return FirstReceived.NONE;
        }
        long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
        if (wait.isPositive()) {
            subscribe();
        }
        boolean everyShard = !wait.isPositive();
        while (true) {
            long seen = signals.anyVersion(queues);
            long pause = RedisTaskQueue.RECHECK.toNanos();
            boolean moved = false;
            for (String queue : queues) {
                Taken taken = take(queue, max, visibility, everyShard);
                if (!taken.messages().isEmpty()) {
                    return new FirstReceived(queue, taken.messages());
                }
                moved |= taken.moved();
                if (taken.nextVisibleMillis() >= 0) {
                    pause = Math.min(pause, Duration.ofMillis(taken.nextVisibleMillis()).toNanos());
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return FirstReceived.NONE;
            }
            if (moved) {
                continue;
            }
            try {
                everyShard = !signals.awaitAny(queues, seen, Math.min(left, pause));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return FirstReceived.NONE;
            }
        }
    }

    /**
     * From the shards signalled since the last look ("hot": every send and every message that became receivable
     * signals its shard), and from all of them, the hot ones first, when {@code everyShard} (a receive that does not
     * wait, and one that woke without a signal) or when no receiver of this JVM has looked at all of them for
     * {@link #RedisTaskQueue.RECHECK} (a delay or a visibility timeout that ran out signals nothing). The first shard that has messages
     * gives them; a shard that gave {@code max} may have more, and stays hot, as do the hot ones not looked at.
     */
    private Taken take(String queue, int max, Duration visibility, boolean everyShard) {
        int count = queues.shards().count();
        if (count == 1) {
            return takeFrom(queue, 0, max, visibility);
        }
        everyShard |= signals.fullLookDue(queue, RedisTaskQueue.RECHECK.toNanos());
        int hot = signals.takeHotShards(queue);
        int hotLeft = hot;
        long nextVisible = -1;
        boolean moved = false;
        int start = ThreadLocalRandom.current().nextInt(count);
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < count; i++) {
                int shard = (start + i) % count;
                boolean isHot = (hot & (1 << shard)) != 0;
                if (pass == 0 ? !isHot : isHot || !everyShard) {
                    continue;
                }
                Taken taken = takeFrom(queue, shard, max, visibility);
                hotLeft &= ~(1 << shard);
                moved |= taken.moved();
                if (taken.nextVisibleMillis() >= 0) {
                    nextVisible = nextVisible < 0 ? taken.nextVisibleMillis() : Math.min(nextVisible, taken.nextVisibleMillis());
                }
                if (!taken.messages().isEmpty()) {
                    signals.returnHotShards(queue, taken.messages().size() >= max ? hotLeft | (1 << shard) : hotLeft);
                    return new Taken(taken.messages(), nextVisible, moved);
                }
            }
        }
        return new Taken(List.of(), nextVisible, moved);
    }

    private Taken takeFrom(String queue, int shard, int max, Duration visibility) {
        boolean deadLetter = queue.endsWith(RedisTaskQueue.DLQ_SUFFIX);
        String dlq = deadLetter ? queue : queue + RedisTaskQueue.DLQ_SUFFIX;
        List<Object> keys = new ArrayList<>(queues.keys(queue, shard));
        keys.addAll(queues.keys(dlq, shard).subList(0, 3));
        List<Object> args = new ArrayList<>(List.of(Integer.toString(max), Long.toString(RedisTaskQueue.ceilMillis(visibility)),
                Integer.toString(deadLetter ? 0 : maxReceives), channel, notification(dlq, shard), queues.stem(queue, shard)));
        ReceiveReads r = reads;
        args.addAll(r == null || deadLetter ? List.of("") : r.args(queue, shard));
        List<Object> reply = RECEIVE.run(script, ReturnType.MULTI, keys, args.toArray());
        long nextVisible = Long.parseLong((String) reply.get(0));
        boolean deadLettered = !"0".equals(reply.get(1));
        if (deadLettered) {
            signals.signal(dlq, shard);
        }
        // A dead-lettered head makes the next of its group receivable; a joined message may leave room in the batch.
        boolean moved = deadLettered || !"0".equals(reply.get(2));
        List<ReceivedMessage> messages = ReceiveReads.messages(reply, r);
        return new Taken(messages, nextVisible, moved);
    }

    private record Taken(List<ReceivedMessage> messages, long nextVisibleMillis, boolean moved) {}

    /** Stops listening for other nodes' sends; the client stays the caller's. */
    void close() {
        synchronized (subscribing) {
            if (topic != null && listener >= 0) {
                topic.removeListener(listener);
            }
            listener = -1;
        }
    }

    /** Subscribes on the first waiting receive, so a queue that only sends holds no Pub/Sub connection. */
    private void subscribe() {
        if (topic != null) {
            return;
        }
        synchronized (subscribing) {
            if (topic == null) {
                RTopic t = redisson.getTopic(channel, StringCodec.INSTANCE);
                listener = t.addListener(String.class, (ch, text) -> onNotification(text));
                topic = t;
            }
        }
    }

    /** {@code <instance> <queue>}, and on Cluster {@code <instance> <queue> <shard>}. */
    private void onNotification(String text) {
        String[] parts = text.split(" ", 3);
        if (parts.length < 2 || parts[0].equals(instance)) {
            return;
        }
        if (parts.length == 3 && queues.shards().tagged()) {
            try {
                int shard = Integer.parseInt(parts[2]);
                if (shard >= 0 && shard < queues.shards().count()) {
                    signals.signal(parts[1], shard);
                    return;
                }
            } catch (NumberFormatException e) {
                // an older sender's or a stranger's: woken without a shard below
            }
        }
        signals.signal(parts[1]);
    }

    String notification(String queue, int shard) {
        return queues.shards().tagged() ? instance + " " + queue + " " + shard : instance + " " + queue;
    }
}
