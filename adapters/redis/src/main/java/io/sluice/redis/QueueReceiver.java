package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The receiving side of {@link RedisTaskQueue}: the receive scripts, shard by shard on Cluster, and the waiting between
 * them, woken by this JVM's sends and by the other nodes' through the Pub/Sub channel.
 */
final class QueueReceiver {
    private static final LuaScript RECEIVE = LuaScript.load("queue-receive", "lib/stubs", "lib/claim", "lib/load");

    private final RedissonClient redisson;
    private final Scripts script;
    private final QueueKeys queues;
    private final String channel;
    private final ReceiveCalls calls;
    private final String instance = UUID.randomUUID().toString();
    private final QueueSignals signals = new QueueSignals();
    private final QueueListeners listeners;
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
            long pause = Math.min(left, RedisTaskQueue.RECHECK.toNanos());
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

    /**
     * From the shards signalled since the last look ("hot": every send and every message that became receivable in this
     * JVM signals its shard, and so does the end of a wait for a shard's earliest hidden message), and from all of them,
     * the hot ones first, when no receiver of this JVM has looked at all of them for {@link RedisTaskQueue#RECHECK} (a
     * message hidden from a receiver in another JVM, a notification lost). So a receive that does not wait may answer
     * nothing while another shard has a message no signal announced yet, as a short poll of SQS may. The hot ones share
     * out {@code max} in one pipeline, at most {@code max} of them at a time until some give messages; the others, when
     * looked at, get what a read-only look says each holds, in one more. A shard that gave its whole share may have more, and stays hot, as do the hot ones not
     * looked at.
     */
    private Taken take(String queue, int max, Duration visibility) {
        int count = queues.shards().count();
        if (count == 1) {
            ScriptCall call = calls.of(queue, 0, max, visibility, reads);
            return taken(queue, 0, RECEIVE.run(script, ReturnType.MULTI, call.keys(), call.args()));
        }
        boolean everyShard = signals.fullLookDue(queue, RedisTaskQueue.RECHECK.toNanos());
        int hot = signals.takeHotShards(queue);
        int start = ThreadLocalRandom.current().nextInt(count);
        List<Integer> hotOnes = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int shard = (start + i) % count;
            ((hot & (1 << shard)) != 0 ? hotOnes : others).add(shard);
        }
        Pipeline got = new Pipeline(new Taken(List.of(), -1, -1, false), 0, 0);
        int left = hot;
        for (int from = 0; from < hotOnes.size() && got.taken().messages().isEmpty(); from += max) {
            List<Integer> part = hotOnes.subList(from, Math.min(from + max, hotOnes.size()));
            int[] shares = new int[part.size()];
            for (int i = 0; i < shares.length; i++) { // the hot ones share out max, the first ones taking the remainder
                shares[i] = max / shares.length + (i < max % shares.length ? 1 : 0);
            }
            Pipeline next = receive(queue, part, shares, visibility);
            left = (left & ~next.looked()) | next.full();
            got = next.after(got);
        }
        if (got.taken().messages().isEmpty() && everyShard && !others.isEmpty()) {
            // The others, by what a read-only look says each holds now: max goes to those that hold messages.
            Pipeline rest = receive(queue, others, visibleCounts(queue, others, max), visibility);
            left = (left & ~rest.looked()) | rest.full();
            got = rest.after(got);
        }
        signals.returnHotShards(queue, left);
        return got.taken();
    }

    /** How many of max each of {@code shards} should give: as many as it holds receivable now, in order, up to max in all. */
    private int[] visibleCounts(String queue, List<Integer> shards, int max) {
        List<List<Object>> looks = backlogs(queue, shards);
        int[] shares = new int[shards.size()];
        int left = max;
        for (int i = 0; i < shards.size(); i++) {
            List<Object> look = looks.get(i);
            shares[i] = (int) Math.min(left, Long.parseLong(String.valueOf(look.get(0))));
            left -= shares[i];
            long wait = Long.parseLong(String.valueOf(look.get(2)));
            if (shares[i] == 0 && wait >= 0) {
                shares[i] = -1 - (int) Math.min(Integer.MAX_VALUE - 1, wait); // nothing to receive: only when it will be
            }
        }
        return shares;
    }

    /**
     * {@code lua/queue-backlog.lua}'s answer for each of {@code shards}' parts of {@code queue} (receivable now, the
     * oldest's age, when the earliest hidden one shows): one script on one node, one read-only pipeline on Cluster.
     */
    List<List<Object>> backlogs(String queue, List<Integer> shards) {
        if (shards.size() == 1) {
            List<Object> look = RedisTaskQueue.BACKLOG.run(script, ReturnType.MULTI, List.of(queues.keys(queue, shards.getFirst()).get(0)));
            return List.of(look);
        }
        RBatch batch = redisson.createBatch();
        List<RFuture<List<Object>>> looks = new ArrayList<>(shards.size());
        for (int shard : shards) {
            looks.add(RedisTaskQueue.BACKLOG.addTo(script, batch, ReturnType.MULTI, List.of(queues.keys(queue, shard).get(0))));
        }
        batch.execute();
        return looks.stream().map(f -> f.toCompletableFuture().join()).toList();
    }

    /**
     * What one pipeline of receives got: the messages, the shards looked at and those that gave their whole share (bits),
     * and the earliest hidden message seen.
     */
    private record Pipeline(Taken taken, int looked, int full) {
        Pipeline after(Pipeline earlier) {
            Taken a = earlier.taken();
            Taken b = taken;
            boolean bFirst = b.nextVisibleMillis() >= 0 && (a.nextVisibleMillis() < 0 || b.nextVisibleMillis() < a.nextVisibleMillis());
            return new Pipeline(new Taken(b.messages(), bFirst ? b.nextVisibleMillis() : a.nextVisibleMillis(),
                    bFirst ? b.nextVisibleShard() : a.nextVisibleShard(), a.moved() || b.moved()), looked | earlier.looked, full | earlier.full);
        }
    }

    /**
     * Receives of {@code shares[i]} messages from each of {@code shards}, in one pipeline (each node's part sent at once);
     * a share of 0 is not asked, one below 0 is {@code -1 - } the ms until its earliest hidden message becomes visible.
     */
    private Pipeline receive(String queue, List<Integer> shards, int[] shares, Duration visibility) {
        RBatch batch = script.batch();
        List<RFuture<List<Object>>> replies = new ArrayList<>(shards.size());
        for (int i = 0; i < shards.size(); i++) {
            if (shares[i] > 0) {
                ScriptCall call = calls.of(queue, shards.get(i), shares[i], visibility, reads);
                replies.add(RECEIVE.addTo(script, batch, ReturnType.MULTI, call.keys(), call.args()));
            } else {
                replies.add(null);
            }
        }
        if (replies.stream().anyMatch(java.util.Objects::nonNull)) {
            script.execute(batch);
        }
        List<ReceivedMessage> messages = new ArrayList<>();
        long nextVisible = -1;
        int nextVisibleShard = -1;
        boolean moved = false;
        int looked = 0;
        int full = 0;
        for (int i = 0; i < shards.size(); i++) {
            int shard = shards.get(i);
            looked |= 1 << shard;
            long shardNext = shares[i] < 0 ? -1L - shares[i] : -1;
            if (replies.get(i) != null) {
                Taken taken = taken(queue, shard, replies.get(i).toCompletableFuture().join());
                messages.addAll(taken.messages());
                moved |= taken.moved();
                if (taken.messages().size() >= shares[i] || !taken.messages().isEmpty() && visibility.isZero()) {
                    full |= 1 << shard; // it may have more, or what it gave is receivable again at once
                }
                shardNext = taken.nextVisibleMillis();
            }
            if (shardNext >= 0 && (nextVisible < 0 || shardNext < nextVisible)) {
                nextVisible = shardNext;
                nextVisibleShard = shard;
            }
        }
        return new Pipeline(new Taken(messages, nextVisible, nextVisibleShard, moved), looked, full);
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

    /** What a receive script for {@code shard}'s part of {@code queue} answered. */
    private Taken taken(String queue, int shard, List<Object> reply) {
        long nextVisible = Long.parseLong((String) reply.get(0));
        boolean deadLettered = !"0".equals(reply.get(1));
        if (deadLettered) {
            signals.signal(QueueKeys.deadLetterOf(queue), shard);
        }
        // A dead-lettered head makes the next of its group receivable; a joined message may leave room in the batch.
        boolean moved = deadLettered || !"0".equals(reply.get(2));
        return new Taken(ReceiveReads.messages(reply, reads), nextVisible, shard, moved);
    }

    /** What a take got, and when and in which shard the earliest hidden message it saw becomes visible (-1: none). */
    private record Taken(List<ReceivedMessage> messages, long nextVisibleMillis, int nextVisibleShard, boolean moved) {}

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
