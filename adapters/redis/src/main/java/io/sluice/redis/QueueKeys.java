package io.sluice.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names of a Redis task queue's keys, shard by shard ({@link Shards}). On one node a queue {@code Q} has one part,
 * {@code P:queue:{P:Q}:Q:} and its dead-letter queue {@code P:queue:{P:Q}:Q-dlq:} (the hash tag keeps both in one
 * slot), the names it always had. On Cluster each shard {@code k} has a part of every queue,
 * {@code P:queue:<shard tag>:Q:} and {@code P:queue:<shard tag>:Q-dlq:}, in the slot of the executions of that shard,
 * so a message joins its execution's slot. A message's id says its shard on Cluster ({@code s<k>.<uuid>}), and so does
 * every receipt of it.
 *
 * <p>Every send, receive and acknowledgement names its queue part's keys, so the names are made once per queue and shard
 * and kept (up to {@link #REMEMBERED} queues; past that, made on each call): they had been a twentieth of the bytes a
 * transition allocated.
 */
final class QueueKeys {
    static final int REMEMBERED = 1024;

    private final KeyPrefix prefix;
    private final Shards shards;
    private final ConcurrentHashMap<String, Part[]> parts = new ConcurrentHashMap<>();
    private final CountedIds ids = new CountedIds();

    /** One shard's part of a queue: its key stem, its four keys, and those a receive names (with its dead-letter queue's). */
    private record Part(String stem, List<Object> keys, List<Object> receiveKeys) {}

    QueueKeys(KeyPrefix prefix, Shards shards) {
        this.prefix = prefix;
        this.shards = shards;
    }

    Shards shards() {
        return shards;
    }

    /** The due set, messages, receives and groups of {@code shard}'s part of {@code queue}. */
    List<Object> keys(String queue, int shard) {
        return part(queue, shard).keys();
    }

    /** {@link #keys} and the first three of its dead-letter queue's part (a dead-letter queue's is itself): what a receive names. */
    List<Object> receiveKeys(String queue, int shard) {
        return part(queue, shard).receiveKeys();
    }

    /** The first part of every key of {@code shard}'s part of {@code queue}. */
    String stem(String queue, int shard) {
        return part(queue, shard).stem();
    }

    private Part part(String queue, int shard) {
        if (shard < 0 || shard >= shards.count()) {
            return made(queue, shard); // not a shard of this layout: stemOf refuses it
        }
        Part[] known = parts.get(queue);
        if (known == null) {
            if (parts.size() >= REMEMBERED) {
                return made(queue, shard);
            }
            known = parts.computeIfAbsent(queue, q -> new Part[shards.count()]);
        }
        Part part = known[shard];
        if (part == null) { // two threads may both make it: the same names either way, and a record's fields are final
            part = made(queue, shard);
            known[shard] = part;
        }
        return part;
    }

    private Part made(String queue, int shard) {
        String stem = stemOf(queue, shard);
        List<Object> keys = keysOf(stem);
        List<Object> receiveKeys = new ArrayList<>(keys);
        receiveKeys.addAll(keysOf(stemOf(deadLetterOf(queue), shard)).subList(0, 3));
        return new Part(stem, keys, List.copyOf(receiveKeys));
    }

    /** A queue's dead-letter queue; a dead-letter queue's is itself. */
    static String deadLetterOf(String queue) {
        return isDeadLetter(queue) ? queue : queue + RedisTaskQueue.DLQ_SUFFIX;
    }

    /** Whether {@code queue} is a dead-letter queue ({@code <queue>-dlq}). */
    static boolean isDeadLetter(String queue) {
        return queue.endsWith(RedisTaskQueue.DLQ_SUFFIX);
    }

    private static List<Object> keysOf(String stem) {
        return List.of(stem + "due", stem + "messages", stem + "receives", stem + "groups");
    }

    private String stemOf(String queue, int shard) {
        if (shards.tagged()) {
            return prefix.key("queue:" + shards.tag(shard) + ":" + queue + ":");
        }
        String base = isDeadLetter(queue)
                ? queue.substring(0, queue.length() - RedisTaskQueue.DLQ_SUFFIX.length()) : queue;
        return prefix.key("queue:{" + prefix.value() + ":" + base + "}:" + queue + ":");
    }

    /**
     * A new message's id ({@link CountedIds}), which on Cluster names its shard. An id is not a secret: it names a message
     * to its queue's consumers, whom the queue's keys already admit.
     */
    String newMessageId(int shard) {
        String id = ids.next();
        return shards.tagged() ? "s" + shard + "." + id : id;
    }

    /** The shard of the message a receipt ({@code <message id>:<receive count>}) or message id is of. */
    int shardOfMessage(String messageId) {
        if (!shards.tagged()) {
            return 0;
        }
        int dot = messageId.indexOf('.');
        if (messageId.startsWith("s") && dot > 1) {
            try {
                int shard = Integer.parseInt(messageId, 1, dot, 10);
                if (shard >= 0 && shard < shards.count()) {
                    return shard;
                }
            } catch (NumberFormatException e) {
                // not one of ours: refused below
            }
        }
        throw new IllegalArgumentException("'" + messageId + "' is not a receipt of this queue");
    }

    static String checked(String queue) {
        if (!isQueueName(queue)) {
            throw new IllegalArgumentException("'" + queue + "' is not a queue name: use 1 to 80 letters, digits, hyphens and underscores");
        }
        return queue;
    }

    /** 1 to 80 ASCII letters, digits, hyphens and underscores (on every send and acknowledgement: a loop, not a regex). */
    private static boolean isQueueName(String queue) {
        if (queue == null || queue.isEmpty() || queue.length() > 80) {
            return false;
        }
        for (int i = 0; i < queue.length(); i++) {
            char ch = queue.charAt(i);
            if (!(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_')) {
                return false;
            }
        }
        return true;
    }
}
