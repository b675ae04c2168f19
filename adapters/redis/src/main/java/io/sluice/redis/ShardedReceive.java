package io.sluice.redis;

import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

/**
 * A receive from a queue whose parts spread over Cluster's shards ({@link QueueKeys}): which parts it looks at, and
 * how it shares out its max among them, in as few pipelines as it can.
 */
final class ShardedReceive {
    private final RedissonClient redisson;
    private final Scripts script;
    private final QueueKeys queues;
    private final ReceiveCalls calls;
    private final QueueSignals signals;
    /** Per queue, the shard from which to look for the next deep one ({@link #deepFirst}). */
    private final ConcurrentMap<String, AtomicInteger> turns = new ConcurrentHashMap<>();

    ShardedReceive(RedissonClient redisson, Scripts script, QueueKeys queues, ReceiveCalls calls, QueueSignals signals) {
        this.redisson = redisson;
        this.script = script;
        this.queues = queues;
        this.calls = calls;
        this.signals = signals;
    }

    /**
     * From the shards signalled since the last look ("hot": every send and every message that became receivable in this
     * JVM signals its shard, and so does the end of a wait for a shard's earliest hidden message), and from all of them,
     * the hot ones first, when no receiver of this JVM has looked at all of them for {@link RedisTaskQueue#RECHECK} (a
     * message hidden from a receiver in another JVM, a notification lost). So a receive that does not wait may answer
     * nothing while another shard has a message no signal announced yet, as a short poll of SQS may. The hot ones share
     * out {@code max} in one pipeline, at most {@code max} of them at a time until some give messages, unless some still
     * held visible messages at their last look: then one of those first ({@link #deepFirst}). The others, when looked at,
     * get what a read-only look says each holds, in one more. A shard that gave its whole share may have more, and stays
     * hot, as do the hot ones not looked at.
     */
    Taken take(String queue, int max, Duration visibility, ReceiveReads reads) {
        int count = queues.shards().count();
        boolean everyShard = signals.fullLookDue(queue, RedisTaskQueue.RECHECK.toNanos());
        int hot = signals.takeHotShards(queue);
        int start = ThreadLocalRandom.current().nextInt(count);
        List<Integer> hotOnes = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int shard = (start + i) % count;
            ((hot & (1 << shard)) != 0 ? hotOnes : others).add(shard);
        }
        Pipeline got = new Pipeline(Taken.NONE, 0, 0, 0);
        int deep = hot & signals.deepShards(queue);
        if (deep != 0 && max > 1) {
            List<Integer> part = deepFirst(queue, deep, hotOnes, max);
            Pipeline first = receive(queue, part, deepFirstShares(part.size(), max), visibility, reads);
            got = first.after(got);
            hotOnes.removeAll(part);
        }
        for (int from = 0; from < hotOnes.size() && got.taken().messages().isEmpty(); from += max) {
            List<Integer> part = hotOnes.subList(from, Math.min(from + max, hotOnes.size()));
            int[] shares = new int[part.size()];
            for (int i = 0; i < shares.length; i++) { // the hot ones share out max, the first ones taking the remainder
                shares[i] = max / shares.length + (i < max % shares.length ? 1 : 0);
            }
            Pipeline next = receive(queue, part, shares, visibility, reads);
            got = next.after(got);
        }
        if (got.taken().messages().isEmpty() && everyShard && !others.isEmpty()) {
            // The others, by what a read-only look says each holds now: max goes to those that hold messages.
            Pipeline rest = receive(queue, others, visibleCounts(queue, others, max), visibility, reads);
            got = rest.after(got);
        }
        signals.deepShards(queue, got.looked(), got.deep());
        // Each shard is looked at once at most: the hot ones not looked at stay hot, and so do those that gave their whole share.
        signals.returnHotShards(queue, (hot & ~got.looked()) | got.full());
        return got.taken();
    }

    /**
     * Where a receive goes when some hot shards still held visible messages at their last look ({@code deep}): one of them,
     * whose turn it is, first, then the hot ones that did not, at most {@code max} in all. The other deep ones stay hot for
     * the next receive, so a loaded queue is received from one shard (one node) at a time, not from every node in every
     * pipeline, and the deep ones take turns, so none waits behind the others for long.
     */
    private List<Integer> deepFirst(String queue, int deep, List<Integer> hotOnes, int max) {
        int count = queues.shards().count();
        AtomicInteger turn = turns.computeIfAbsent(queue, q -> new AtomicInteger());
        int chosen = -1;
        for (int i = 0; i < count && chosen < 0; i++) {
            int shard = Math.floorMod(turn.get() + i, count);
            chosen = (deep & (1 << shard)) != 0 ? shard : -1;
        }
        turn.set(chosen + 1);
        List<Integer> part = new ArrayList<>(List.of(chosen));
        for (int shard : hotOnes) {
            if ((deep & (1 << shard)) == 0 && part.size() < max) {
                part.add(shard);
            }
        }
        return part;
    }

    /** The shares of {@link #deepFirst}'s shards: one each for the shallow ones, the rest of max for the deep one. */
    private static int[] deepFirstShares(int shards, int max) {
        int[] shares = new int[shards];
        Arrays.fill(shares, 1);
        shares[0] = max - (shards - 1);
        return shares;
    }

    /** Whether a receive of {@code share} messages that got {@code taken} may have left more behind (the shard stays hot). */
    private static boolean full(Taken taken, int share, Duration visibility) {
        return taken.messages().size() >= share || !taken.messages().isEmpty() && visibility.isZero();
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
     * What one pipeline of receives got (a later one is made only while none got messages): the messages, the shards
     * looked at, those that gave their whole share and those that still hold a visible message (bits), and the earliest
     * hidden message seen.
     */
    private record Pipeline(Taken taken, int looked, int full, int deep) {
        Pipeline after(Pipeline earlier) {
            Taken a = earlier.taken();
            Taken b = taken;
            boolean bFirst = b.nextVisibleMillis() >= 0 && (a.nextVisibleMillis() < 0 || b.nextVisibleMillis() < a.nextVisibleMillis());
            return new Pipeline(new Taken(b.messages(), bFirst ? b.nextVisibleMillis() : a.nextVisibleMillis(),
                    bFirst ? b.nextVisibleShard() : a.nextVisibleShard(), a.moved() || b.moved()), looked | earlier.looked,
                    full | earlier.full, deep | earlier.deep);
        }
    }

    /**
     * The receive scripts' replies for {@code shards} ({@code null} where the share is not above 0): one script asked runs
     * as itself (a batch of one costs more to run), several in one pipeline.
     */
    private List<List<Object>> run(String queue, List<Integer> shards, int[] shares, Duration visibility, ReceiveReads reads) {
        List<ScriptCall> asked = new ArrayList<>(shards.size());
        int count = 0;
        int last = -1;
        for (int i = 0; i < shards.size(); i++) {
            asked.add(shares[i] > 0 ? calls.of(queue, shards.get(i), shares[i], visibility, reads) : null);
            if (shares[i] > 0) {
                count++;
                last = i;
            }
        }
        List<List<Object>> replies = new ArrayList<>(Collections.nCopies(shards.size(), null));
        if (count == 1) {
            replies.set(last, QueueReceiver.RECEIVE.run(script, ReturnType.MULTI, asked.get(last).keys(), asked.get(last).args()));
        } else if (count > 1) {
            ScriptPipeline batch = script.pipeline();
            List<CompletableFuture<List<Object>>> futures = new ArrayList<>(shards.size());
            for (ScriptCall call : asked) {
                futures.add(call == null ? null : batch.add(QueueReceiver.RECEIVE, ReturnType.MULTI, call.keys(), call.args()));
            }
            batch.execute();
            for (int i = 0; i < futures.size(); i++) {
                replies.set(i, futures.get(i) == null ? null : futures.get(i).join());
            }
        }
        return replies;
    }

    /**
     * Receives of {@code shares[i]} messages from each of {@code shards}, in one pipeline (each node's part sent at once);
     * a share of 0 is not asked, one below 0 is {@code -1 - } the ms until its earliest hidden message becomes visible.
     */
    private Pipeline receive(String queue, List<Integer> shards, int[] shares, Duration visibility, ReceiveReads reads) {
        List<List<Object>> replies = run(queue, shards, shares, visibility, reads);
        List<ReceivedMessage> messages = new ArrayList<>();
        long nextVisible = -1;
        int nextVisibleShard = -1;
        boolean moved = false;
        int looked = 0;
        int full = 0;
        int deep = 0;
        for (int i = 0; i < shards.size(); i++) {
            int shard = shards.get(i);
            looked |= 1 << shard;
            long shardNext = shares[i] < 0 ? -1L - shares[i] : -1;
            if (replies.get(i) != null) {
                Taken taken = Taken.of(queue, shard, replies.get(i), reads, signals);
                messages.addAll(taken.messages());
                moved |= taken.moved();
                if (full(taken, shares[i], visibility)) {
                    full |= 1 << shard; // it may have more, or what it gave is receivable again at once
                }
                shardNext = taken.nextVisibleMillis();
                if (shardNext == 0) {
                    deep |= 1 << shard; // it still holds a visible message
                }
            }
            if (shardNext >= 0 && (nextVisible < 0 || shardNext < nextVisible)) {
                nextVisible = shardNext;
                nextVisibleShard = shard;
            }
        }
        return new Pipeline(new Taken(messages, nextVisible, nextVisibleShard, moved), looked, full, deep);
    }
}
