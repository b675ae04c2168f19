package io.sluice.redis;

import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * {@link TaskQueue} in Redis: a queue is a sorted set of message ids scored by when each becomes
 * visible (a send's delay, a receive's visibility timeout), a hash of the messages and a hash of
 * their receive counts. Every change is one Lua script, so a crash between two calls loses nothing
 * and doubles nothing beyond at-least-once:
 * <ul>
 *   <li>send ({@code lua/queue-send.lua}) stores the message and scores it now + delay;</li>
 *   <li>receive ({@code lua/queue-receive.lua}) takes the visible ones, counts the receive and rescores
 *       each to now + visibility, or moves it to the dead-letter queue after {@link #maxReceives()};</li>
 *   <li>acknowledge and extend ({@code lua/queue-acknowledge.lua}, {@code lua/queue-extend.lua}) act only
 *       for the latest receipt ({@code <id>:<receive count>}); an older one does nothing.</li>
 * </ul>
 * Time is the Redis server's, as SQS's is the service's: all nodes agree on when a message is visible.
 *
 * <p>Groups ({@code lua/queue-send.lua}): a group is a list of its message ids, and only its head is
 * in the due set, so one consumer at a time holds a group; its lease is the head's visibility
 * timeout, and acknowledging (or dead-lettering) the head puts the next one in the due set. Each
 * message costs one list push and pop more than an ungrouped one. Deduplication is a key per
 * message id that expires after {@link #DEDUPLICATION_WINDOW}.
 *
 * <p>Keys, with {@code P} the key prefix, for queue {@code Q} and its dead-letter queue
 * {@code Q-dlq}: {@code P:queue:{P:Q}:Q:due}, {@code :messages}, {@code :receives}, {@code :groups}
 * (message id to group), {@code :group:<group>} (a group's list), {@code :dedup:<id>}, and the same
 * under {@code P:queue:{P:Q}:Q-dlq:}; the hash tag keeps both queues in one Cluster slot, so
 * dead-lettering is part of the receive script and the scripts may name group and deduplication
 * keys themselves. Acknowledged messages are deleted; an empty queue has no keys once its
 * deduplication marks have expired. {@code :subjects} maps a task message's id to its task token
 * (its {@link CoupledWrites#CLAIM_KEY_ATTRIBUTE}) while the message is queued, for a receive that
 * claims along ({@link #readAlong}). On one node, the deduplication mark of a message of an
 * execution is a field of that execution's {@code P:exec:{ID}:sent} hash instead ({@link #sentMark}),
 * so it leaves with the execution.
 *
 * <p>Waiting receivers hold no connection: a receive that finds nothing waits in this JVM until a
 * send wakes it (a send from this JVM directly, one from another through the Pub/Sub channel
 * {@code P:queue-sent}), until the earliest hidden message becomes visible, or until
 * {@link #RECHECK} passes (a notification lost while reconnecting is only late, never lost).
 */
public final class RedisTaskQueue implements TaskQueue, AutoCloseable {
    /** As SQS's: a longer wait belongs in the TimerIndex. */
    public static final Duration MAX_DELAY = Duration.ofMinutes(15);
    public static final int DEFAULT_MAX_RECEIVES = 5;
    /** The longest a waiting receive goes without looking at Redis itself. */
    static final Duration RECHECK = Duration.ofMillis(500);
    static final String DLQ_SUFFIX = "-dlq";

    private static final Pattern QUEUE_NAME = Pattern.compile("[A-Za-z0-9_-]{1,80}");
    static final LuaScript SEND = LuaScript.load("queue-send");
    private static final LuaScript RECEIVE = LuaScript.load("queue-receive", "lib/claim", "lib/load");
    static final LuaScript ACKNOWLEDGE = LuaScript.load("queue-acknowledge");
    private static final LuaScript EXTEND = LuaScript.load("queue-extend");
    private static final LuaScript BACKLOG = LuaScript.load("queue-backlog");

    private final RedissonClient redisson;
    private final Scripts script;
    private final KeyPrefix prefix;
    private final int maxReceives;
    private final String channel;
    private final String instance = UUID.randomUUID().toString();
    private final QueueSignals signals = new QueueSignals();
    private final Object subscribing = new Object();
    private volatile RTopic topic;
    private volatile int listener = -1;
    private volatile ReceiveReads reads;
    private final boolean oneNode;
    private final ExecutionKeys executions;

    /**
     * @param redisson    the client, which the caller keeps and shuts down
     * @param keyPrefix   first segment of every key; no braces
     * @param maxReceives receives before a message is dead-lettered
     */
    public RedisTaskQueue(RedissonClient redisson, String keyPrefix, int maxReceives) {
        if (maxReceives < 1) {
            throw new IllegalArgumentException("maxReceives must be at least 1, was " + maxReceives);
        }
        this.redisson = Objects.requireNonNull(redisson, "redisson");
        this.script = Scripts.of(redisson);
        this.prefix = new KeyPrefix(keyPrefix);
        this.maxReceives = maxReceives;
        this.channel = prefix.key("queue-sent");
        this.oneNode = redisson.getConfig().isSingleConfig();
        this.executions = new ExecutionKeys(prefix);
    }

    @Override
    public Duration maxDelay() {
        return MAX_DELAY;
    }

    @Override
    public int maxReceives() {
        return maxReceives;
    }

    /** @throws IllegalArgumentException if {@code delay} is longer than {@link #MAX_DELAY}: keep such a timer in the TimerIndex */
    @Override
    public void send(String queue, OutgoingMessage message, Duration delay) {
        if (delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("A delay of " + delay + " is longer than the queue's maximum of " + MAX_DELAY
                    + "; keep the timer in the TimerIndex and send when it fires.");
        }
        ScriptCall call = sendCall(queue, message, delay, List.of());
        Long sent = SEND.run(script, ReturnType.INTEGER, call.keys(), call.args());
        sent(queue, sent);
    }

    /**
     * The send script's run; {@code guard} is empty, or a hash key, a field and the value it must hold for the message to
     * be sent (on one node only).
     */
    ScriptCall sendCall(String queue, OutgoingMessage message, Duration delay, List<String> guard) {
        long delayMillis = delay.isNegative() ? 0 : ceilMillis(delay);
        String encoded = new QueueEnvelope(message.attributes(), message.body()).encode();
        List<Object> args = new ArrayList<>(List.of(UUID.randomUUID().toString(), encoded, Long.toString(delayMillis), channel,
                notification(queue), orEmpty(message.group()), orEmpty(message.id()), Long.toString(DEDUPLICATION_WINDOW.toMillis()),
                stem(queue), orEmpty(message.attributes().get(CoupledWrites.CLAIM_KEY_ATTRIBUTE))));
        SentMark mark = message.id() == null ? null : sentMark(queue, message);
        boolean inExecution = mark != null && !mark.field().isEmpty();
        args.add(inExecution ? mark.key() : "");
        args.add(inExecution ? mark.field() : "");
        args.addAll(guard);
        return new ScriptCall(keys(checked(queue)), args.toArray());
    }

    /** After a send script answered {@code reply}: receivers in this JVM are woken if a message was put on {@code queue}. */
    void sent(String queue, Long reply) {
        if (reply != null && reply == 1L) {
            signals.signal(queue);
        }
    }

    /**
     * Where a message's deduplication mark is while the window lasts: a key of its own ({@code field} empty) in the
     * queue's slot, or, on one node for a message of an execution (its {@value #EXECUTION_ATTRIBUTE} attribute), a field
     * of that execution's sent-marks hash, which leaves with the execution.
     */
    record SentMark(String key, String field) {}

    /** The attribute that names a message's execution, which every message the runtime sends for one carries. */
    static final String EXECUTION_ATTRIBUTE = "executionId";

    /** The mark that a message with deduplication id {@code message.id()} was sent to {@code queue}. */
    SentMark sentMark(String queue, OutgoingMessage message) {
        String execution = message.attributes().get(EXECUTION_ATTRIBUTE);
        if (oneNode && execution != null && !execution.isEmpty()) {
            return new SentMark(executions.sentKey(execution), checked(queue) + "\n" + message.id());
        }
        return new SentMark(stem(checked(queue)) + "dedup:" + message.id(), "");
    }

    RedissonClient client() {
        return redisson;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** Up to {@code max} messages, waiting at most {@code wait} (to the millisecond) for the first. */
    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        if (visibility.isNegative()) {
            throw new IllegalArgumentException("A visibility timeout cannot be negative: " + visibility);
        }
        checked(queue);
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
            long pause = Math.min(left, RECHECK.toNanos());
            if (taken.nextVisibleMillis() >= 0) {
                pause = Math.min(pause, Duration.ofMillis(taken.nextVisibleMillis()).toNanos());
            }
            try {
                signals.awaitChange(queue, seen, pause);
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
    @Override
    public FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        queues.forEach(RedisTaskQueue::checked);
        if (queues.isEmpty()) {
            return FirstReceived.NONE;
        }
        long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
        if (wait.isPositive()) {
            subscribe();
        }
        while (true) {
            long seen = signals.anyVersion(queues);
            long pause = RECHECK.toNanos();
            boolean moved = false;
            for (String queue : queues) {
                Taken taken = take(queue, max, visibility);
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
                signals.awaitAny(queues, seen, Math.min(left, pause));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return FirstReceived.NONE;
            }
        }
    }

    /** The messages of {@code queue} receivable now and the age of the oldest, by the server's clock. */
    @Override
    public Optional<Backlog> backlog(String queue) {
        List<Object> reply = BACKLOG.run(script, ReturnType.MULTI, List.of(keys(checked(queue)).get(0)));
        return Optional.of(new Backlog(Long.parseLong(String.valueOf(reply.get(0))),
                Duration.ofMillis(Long.parseLong(String.valueOf(reply.get(1))))));
    }

    private Taken take(String queue, int max, Duration visibility) {
        boolean deadLetter = queue.endsWith(DLQ_SUFFIX);
        String dlq = deadLetter ? queue : deadLetterQueue(queue);
        List<Object> keys = new ArrayList<>(keys(queue));
        keys.addAll(keys(dlq).subList(0, 3));
        List<Object> args = new ArrayList<>(List.of(Integer.toString(max), Long.toString(ceilMillis(visibility)),
                Integer.toString(deadLetter ? 0 : maxReceives), channel, notification(dlq), stem(queue)));
        ReceiveReads r = reads;
        args.addAll(r == null || deadLetter ? List.of("") : r.args(queue));
        List<Object> reply = RECEIVE.run(script, ReturnType.MULTI, keys, args.toArray());
        long nextVisible = Long.parseLong((String) reply.get(0));
        boolean deadLettered = !"0".equals(reply.get(1));
        if (deadLettered) {
            signals.signal(dlq);
        }
        // A dead-lettered head makes the next of its group receivable; a joined message may leave room in the batch.
        boolean moved = deadLettered || !"0".equals(reply.get(2));
        List<ReceivedMessage> messages = ReceiveReads.messages(reply, r);
        return new Taken(messages, nextVisible, moved);
    }

    private record Taken(List<ReceivedMessage> messages, long nextVisibleMillis, boolean moved) {}

    /** From now on, every receive but a dead-letter queue's reads along what {@code reads} asks. */
    void readAlong(ReceiveReads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /** Deletes the message if {@code receipt} is from its latest receive; an older receipt does nothing (the message is, or will be, delivered again). */
    @Override
    public void acknowledge(String queue, String receipt) {
        ScriptCall call = acknowledgeCall(queue, receipt, List.of());
        acknowledged(queue, ACKNOWLEDGE.run(script, ReturnType.INTEGER, call.keys(), call.args()));
    }

    /** The acknowledge script's run; {@code guard} as {@link #sendCall}'s. */
    ScriptCall acknowledgeCall(String queue, String receipt, List<String> guard) {
        Receipt r = Receipt.parse(receipt);
        List<Object> args = new ArrayList<>(List.of(r.id(), r.count(), stem(checked(queue)), channel, notification(queue)));
        args.addAll(guard);
        return new ScriptCall(keys(queue), args.toArray());
    }

    /** After an acknowledge script answered {@code reply}: whether it is done with the message (deleted, or its receipt was not the latest). */
    boolean acknowledged(String queue, Long reply) {
        if (reply != null && reply == 2L) {
            signals.signal(queue); // the next message of the group is receivable
        }
        return reply == null || reply != 3L;
    }

    /** Hides the message for {@code visibility} from now, if {@code receipt} is from its latest receive. */
    @Override
    public void extendVisibility(String queue, String receipt, Duration visibility) {
        if (visibility.isNegative()) {
            throw new IllegalArgumentException("A visibility timeout cannot be negative: " + visibility);
        }
        Receipt r = Receipt.parse(receipt);
        EXTEND.run(script, ReturnType.INTEGER, keys(checked(queue)), r.id(), r.count(), Long.toString(ceilMillis(visibility)));
    }

    /** {@code <queue>-dlq}, as on SQS; a dead-letter queue has none of its own. */
    @Override
    public String deadLetterQueue(String queue) {
        return queue + DLQ_SUFFIX;
    }

    /** Stops listening for other nodes' sends; the client stays the caller's. */
    @Override
    public void close() {
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

    private void onNotification(String text) {
        int space = text.indexOf(' ');
        if (space > 0 && !text.startsWith(instance) ) {
            signals.signal(text.substring(space + 1));
        }
    }

    private String notification(String queue) {
        return instance + " " + queue;
    }

    List<Object> keys(String queue) {
        String stem = stem(queue);
        return List.of(stem + "due", stem + "messages", stem + "receives", stem + "groups");
    }

    /** The first part of every key of {@code queue}; its hash tag puts the queue and its dead-letter queue in one slot. */
    private String stem(String queue) {
        String base = queue.endsWith(DLQ_SUFFIX) ? queue.substring(0, queue.length() - DLQ_SUFFIX.length()) : queue;
        return prefix.key("queue:{" + prefix.value() + ":" + base + "}:" + queue + ":");
    }

    private static String checked(String queue) {
        if (queue == null || !QUEUE_NAME.matcher(queue).matches()) {
            throw new IllegalArgumentException("'" + queue + "' is not a queue name: use 1 to 80 letters, digits, hyphens and underscores");
        }
        return queue;
    }

    private static long ceilMillis(Duration d) {
        long millis = d.toMillis();
        return d.minusMillis(millis).isZero() ? millis : millis + 1;
    }

    /** {@code <message id>:<receive count>}: which receive of which message. */
    private record Receipt(String id, String count) {
        static Receipt parse(String receipt) {
            int colon = receipt == null ? -1 : receipt.lastIndexOf(':');
            if (colon <= 0 || colon == receipt.length() - 1) {
                throw new IllegalArgumentException("'" + receipt + "' is not a receipt of this queue");
            }
            return new Receipt(receipt.substring(0, colon), receipt.substring(colon + 1));
        }
    }
}
