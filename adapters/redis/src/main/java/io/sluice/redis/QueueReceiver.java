package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The receiving side of {@link RedisTaskQueue}: the receive scripts, shard by shard on Cluster ({@link ShardedReceive}),
 * and the waiting between them, woken by this JVM's sends and by the other nodes' through the Pub/Sub channel.
 */
final class QueueReceiver {
    static final LuaScript RECEIVE = LuaScript.load("queue-receive", "lib/stubs", "lib/claim", "lib/load");

    private final RedissonClient redisson;
    private final Scripts script;
    private final QueueKeys queues;
    private final String channel;
    private final ReceiveCalls calls;
    private final String instance = UUID.randomUUID().toString();
    private final QueueSignals signals = new QueueSignals();
    private final QueueListeners listeners;
    private final ShardedReceive sharded;
    private final Object subscribing = new Object();
    private volatile RTopic topic;
    private volatile int listener = -1;
    private volatile ReceiveReads reads;

    /** @param listenersKey where the instances that listen on {@code channel} are counted ({@link QueueListeners}) */
    QueueReceiver(RedissonClient redisson, Scripts script, QueueKeys queues, String channel, String listenersKey, int maxReceives) {
        this.redisson = redisson;
        this.script = script;
        this.queues = queues;
        this.channel = channel;
        this.listeners = new QueueListeners(script, listenersKey, instance);
        this.calls = new ReceiveCalls(queues, maxReceives, channel, this::notification);
        this.sharded = new ShardedReceive(redisson, script, queues, calls, signals);
    }

    QueueSignals signals() {
        return signals;
    }

    QueueListeners listeners() {
        return listeners;
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
        while (true) {
            long seen = signals.version(queue);
            Taken taken = take(queue, max, visibility);
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
            long pause = Math.min(left, (QueueKeys.isDeadLetter(queue) ? RedisTaskQueue.DEAD_LETTER_RECHECK : RedisTaskQueue.RECHECK).toNanos());
            int dueShard = -1;
            if (taken.nextVisibleMillis() >= 0 && Duration.ofMillis(taken.nextVisibleMillis()).toNanos() < pause) {
                pause = Duration.ofMillis(taken.nextVisibleMillis()).toNanos();
                dueShard = taken.nextVisibleShard();
            }
            try {
                if (!signals.awaitChange(queue, seen, pause) && dueShard >= 0) {
                    signals.markHot(queue, dueShard); // its earliest hidden message is visible now
                }
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
        while (true) {
            long seen = signals.anyVersion(queues);
            ReceiveReads r = reads;
            ScriptCall together = calls.together(queues, max, visibility, r); // made afresh each time: a claim's read-along carries the time
            long pause = RedisTaskQueue.RECHECK.toNanos();
            boolean moved = false;
            String dueQueue = null;
            int dueShard = -1;
            if (together != null) {
                Together got = takeTogether(queues, together, r);
                if (got.first() != null) {
                    return got.first();
                }
                moved = got.taken().moved();
                if (got.taken().nextVisibleMillis() >= 0 && Duration.ofMillis(got.taken().nextVisibleMillis()).toNanos() < pause) {
                    pause = Duration.ofMillis(got.taken().nextVisibleMillis()).toNanos();
                }
            }
            for (String queue : together != null ? List.<String>of() : queues) {
                Taken taken = take(queue, max, visibility);
                if (!taken.messages().isEmpty()) {
                    return new FirstReceived(queue, taken.messages());
                }
                moved |= taken.moved();
                if (taken.nextVisibleMillis() >= 0 && Duration.ofMillis(taken.nextVisibleMillis()).toNanos() < pause) {
                    pause = Duration.ofMillis(taken.nextVisibleMillis()).toNanos();
                    dueQueue = queue;
                    dueShard = taken.nextVisibleShard();
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
                if (!signals.awaitAny(queues, seen, Math.min(left, pause)) && dueQueue != null) {
                    signals.markHot(dueQueue, dueShard);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return FirstReceived.NONE;
            }
        }
    }

    /** From one queue: its only part's receive script on one node; the shards' on Cluster ({@link ShardedReceive}). */
    private Taken take(String queue, int max, Duration visibility) {
        ReceiveReads r = reads;
        if (queues.shards().count() == 1) {
            ScriptCall call = calls.of(queue, 0, max, visibility, r);
            return Taken.of(queue, 0, RECEIVE.run(script, ReturnType.MULTI, call.keys(), call.args()), r, signals);
        }
        return sharded.take(queue, max, visibility, r);
    }

    /**
     * {@code lua/queue-backlog.lua}'s answer for each of {@code shards}' parts of {@code queue} (receivable now, the
     * oldest's age, when the earliest hidden one shows).
     */
    List<List<Object>> backlogs(String queue, List<Integer> shards) {
        return sharded.backlogs(queue, shards);
    }

    /** What a receive over several queues got: the messages of the first that had any ({@code null}: none had), and the rest. */
    private record Together(FirstReceived first, Taken taken) {}

    private Together takeTogether(List<String> queues, ScriptCall call, ReceiveReads r) {
        List<Object> reply = RECEIVE.run(script, ReturnType.MULTI, call.keys(), call.args());
        int answered = Integer.parseInt((String) reply.get(3));
        boolean deadLettered = !"0".equals(reply.get(1));
        if (deadLettered) {
            for (String queue : answered < 0 ? queues : queues.subList(0, answered + 1)) {
                signals.signal(QueueKeys.deadLetterOf(queue), 0);
            }
        }
        Taken taken = new Taken(answered < 0 ? List.of() : ReceiveReads.messages(reply, r, 4), Long.parseLong((String) reply.get(0)), 0,
                deadLettered || !"0".equals(reply.get(2)));
        return new Together(answered < 0 ? null : new FirstReceived(queues.get(answered), taken.messages()), taken);
    }

    /** Stops listening for other nodes' sends, and says so to them; the client stays the caller's. */
    void close() {
        synchronized (subscribing) {
            if (topic != null && listener >= 0) {
                topic.removeListener(listener);
                try {
                    listeners.listening(false);
                } catch (RuntimeException e) {
                    // Redis unreachable: the entry lapses by itself (QueueListeners.LAPSE)
                }
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
                listeners.listening(true);
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

    /** What a send to {@code shard}'s part of {@code queue} publishes: '' (nothing) while no other instance listens ({@link QueueListeners}). */
    String notification(String queue, int shard) {
        if (!listeners.othersListen()) {
            return "";
        }
        return queues.shards().tagged() ? instance + " " + queue + " " + shard : instance + " " + queue;
    }
}
