package io.sluice.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The runs of {@code lua/queue-receive.lua} a {@link QueueReceiver} makes: one for a shard's part of a queue, and one for
 * several queues at once on one node (a function's priority channels, answered by the first of them that has messages).
 */
final class ReceiveCalls {
    private final QueueKeys queues;
    private final int maxReceives;
    private final String channel;
    private final BiFunction<String, Integer, String> notification;

    /** @param notification what a send to a queue's shard part publishes on {@code channel} ({@link QueueReceiver#notification}) */
    ReceiveCalls(QueueKeys queues, int maxReceives, String channel, BiFunction<String, Integer, String> notification) {
        this.queues = queues;
        this.maxReceives = maxReceives;
        this.channel = channel;
        this.notification = notification;
    }

    /** The run for {@code shard}'s part of {@code queue}, reading along what {@code reads} asks ({@code null}: nothing). */
    ScriptCall of(String queue, int shard, int max, Duration visibility, ReceiveReads reads) {
        boolean deadLetter = QueueKeys.isDeadLetter(queue);
        List<Object> args = head(queue, shard, max, visibility);
        args.addAll(reads == null || deadLetter ? List.of("") : reads.args(queue, shard));
        return new ScriptCall(queues.receiveKeys(queue, shard), args.toArray());
    }

    /**
     * One run over all of {@code queues} (their only part, on one node), which answers from the first that has messages: a
     * round trip where a receive per queue was one each. {@code null} where it cannot be: on Cluster (a queue's parts
     * spread over the shards, each looked at when signalled), with a dead-letter queue among them, or with queues that read
     * along different things.
     */
    ScriptCall together(List<String> queues, int max, Duration visibility, ReceiveReads reads) {
        if (queues.size() < 2 || this.queues.shards().count() != 1 || queues.stream().anyMatch(QueueKeys::isDeadLetter)) {
            return null;
        }
        List<Object> shared = reads == null ? List.of("") : reads.args(queues, 0);
        if (shared == null) {
            return null;
        }
        List<Object> keys = new ArrayList<>(this.queues.receiveKeys(queues.getFirst(), 0));
        List<Object> args = head(queues.getFirst(), 0, max, visibility);
        args.addAll(shared);
        for (String queue : queues.subList(1, queues.size())) {
            keys.addAll(this.queues.receiveKeys(queue, 0));
            args.addAll(List.of(Integer.toString(max), notification.apply(QueueKeys.deadLetterOf(queue), 0), this.queues.stem(queue, 0)));
        }
        return new ScriptCall(keys, args.toArray());
    }

    /**
     * ARGV[1..6] for {@code shard}'s part of {@code queue}: max, visibility, the receives before a message is dead-lettered
     * (none for a dead-letter queue), the channel, its dead-letter queue's notification, its key stem.
     */
    private List<Object> head(String queue, int shard, int max, Duration visibility) {
        boolean deadLetter = QueueKeys.isDeadLetter(queue);
        return new ArrayList<>(List.of(Integer.toString(max), Long.toString(RedisTaskQueue.ceilMillis(visibility)),
                Integer.toString(deadLetter ? 0 : maxReceives), channel, notification.apply(QueueKeys.deadLetterOf(queue), shard), queues.stem(queue, shard)));
    }
}
