package io.sluice.redis;

import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScript.ReturnType;
import org.redisson.api.RedissonClient;

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
 * keys themselves. On Cluster every shard has its part of each queue, in its executions' slot
 * ({@link QueueKeys}): a message goes to its execution's shard, and a receive looks at the shards
 * signalled since it last looked, and at all of them when it wakes without a signal.
 * Acknowledged messages are deleted; an empty queue has no keys once its
 * deduplication marks have expired. {@code :subjects} maps a task message's id to its task token
 * (its {@link CoupledWrites#CLAIM_KEY_ATTRIBUTE}) while the message is queued, for a receive that
 * claims along ({@link #readAlong}). The deduplication mark of a message of an execution is a field
 * of that execution's {@code :sent} hash instead ({@link #sentMark}), so it leaves with the execution.
 *
 * <p>Waiting receivers hold no connection: a receive that finds nothing waits in this JVM until a
 * send wakes it (a send from this JVM directly, one from another through the Pub/Sub channel
 * {@code P:queue-sent}), until the earliest hidden message becomes visible, or until
 * {@link #RECHECK} passes ({@link #DEAD_LETTER_RECHECK} for a dead-letter queue; a notification lost while
 * reconnecting is only late, never lost). A send
 * publishes only while another instance listens ({@link QueueListeners}, {@code P:queue-listeners}).
 */
public final class RedisTaskQueue implements TaskQueue, AutoCloseable {
    /** As SQS's: a longer wait belongs in the TimerIndex. */
    public static final Duration MAX_DELAY = Duration.ofMinutes(15);
    public static final int DEFAULT_MAX_RECEIVES = 5;
    /** The longest a waiting receive goes without looking at Redis itself. */
    static final Duration RECHECK = Duration.ofMillis(500);
    /**
     * The same for a dead-letter queue's receive: a message reaches one when a receive moves it there, which wakes a
     * waiting receiver in its process at once and one in another through the channel, so its own look is only for a
     * notification lost, and an idle runtime's dead-letter consumers (one per channel of every function in {@code sluice
     * serve}) look at Redis a tenth as often. A dead letter is handled late by this much at most, never lost.
     */
    static final Duration DEAD_LETTER_RECHECK = Duration.ofSeconds(5);
    static final String DLQ_SUFFIX = "-dlq";

    static final LuaScript SEND = LuaScript.load("queue-send");
    static final LuaScript ACKNOWLEDGE = LuaScript.load("queue-acknowledge");
    private static final LuaScript EXTEND = LuaScript.load("queue-extend");
    static final LuaScript BACKLOG = LuaScript.load("queue-backlog");

    private final RedissonClient redisson;
    private final Scripts script;
    private final QueueKeys queues;
    private final int maxReceives;
    private final String channel;
    private final QueueReceiver receiver;
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
        KeyPrefix prefix = new KeyPrefix(keyPrefix);
        Shards shards = Shards.of(redisson, prefix);
        this.queues = new QueueKeys(prefix, shards);
        this.maxReceives = maxReceives;
        this.channel = prefix.key("queue-sent");
        this.executions = new ExecutionKeys(prefix, shards);
        this.receiver = new QueueReceiver(redisson, script, queues, channel, prefix.key("queue-listeners"), maxReceives);
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
        sent(queue, message, sent);
    }

    /**
     * The send script's run; {@code guard} is empty, or a hash key, a field and the value it must hold for the message to
     * be sent (a key of the message's execution's slot).
     */
    ScriptCall sendCall(String queue, OutgoingMessage message, Duration delay, List<String> guard) {
        long delayMillis = delay.isNegative() ? 0 : ceilMillis(delay);
        String encoded = new QueueEnvelope(message.attributes(), message.body()).encode();
        int shard = shardOf(message);
        List<Object> args = new ArrayList<>(List.of(queues.newMessageId(shard), encoded, Long.toString(delayMillis), channel,
                receiver.notification(queue, shard), orEmpty(message.group()), orEmpty(message.id()), Long.toString(DEDUPLICATION_WINDOW.toMillis()),
                queues.stem(queue, shard), subject(message, shard)));
        SentMark mark = message.id() == null ? null : sentMark(queue, message);
        boolean inExecution = mark != null && !mark.field().isEmpty();
        args.add(inExecution ? mark.key() : "");
        args.add(inExecution ? mark.field() : "");
        args.addAll(guard);
        return new ScriptCall(queues.keys(QueueKeys.checked(queue), shard), args.toArray());
    }

    /**
     * The shard a message goes to (on Cluster): its group's (an orchestrator message's group is its execution's id), so
     * a group stays in one shard and a receive can read its execution along; else its execution's, named by its
     * attribute or by its task token; else its deduplication id's, so a duplicate meets its mark; else its body's.
     */
    int shardOf(OutgoingMessage message) {
        if (!queues.shards().tagged()) {
            return 0;
        }
        String by = message.group();
        if (by == null) {
            String execution = message.attributes().get(EXECUTION_ATTRIBUTE);
            String token = message.attributes().get(CoupledWrites.CLAIM_KEY_ATTRIBUTE);
            by = execution != null && !execution.isEmpty() ? execution : token != null ? RedisIdempotencyStore.executionOfToken(token) : null;
        }
        if (by == null) { // the body's, so that sent() finds the same shard as the send did
            by = message.id() != null ? message.id() : message.body();
        }
        return queues.shards().of(by);
    }

    /**
     * The message's subject, its task token, which a receive claims along: only if the token's execution is of the
     * message's shard, since the receive names the claim's keys in its own slot ('' otherwise: the worker claims it).
     */
    private String subject(OutgoingMessage message, int shard) {
        String token = message.attributes().get(CoupledWrites.CLAIM_KEY_ATTRIBUTE);
        if (token == null) {
            return "";
        }
        String execution = RedisIdempotencyStore.executionOfToken(token);
        return execution == null || queues.shards().of(execution) == shard ? token : "";
    }

    /** After a send script answered {@code reply}: receivers in this JVM are woken if {@code message} was put on {@code queue}. */
    void sent(String queue, OutgoingMessage message, Long reply) {
        if (reply != null && reply == 1L) {
            receiver.signals().signal(queue, shardOf(message));
        }
    }

    /**
     * Where a message's deduplication mark is while the window lasts: a key of its own ({@code field} empty) in the
     * queue's slot, or, for a message of an execution (its {@value #EXECUTION_ATTRIBUTE} attribute), a field of that
     * execution's sent-marks hash, which leaves with the execution.
     */
    record SentMark(String key, String field) {}

    /** The attribute that names a message's execution, which every message the runtime sends for one carries. */
    static final String EXECUTION_ATTRIBUTE = "executionId";

    /** The mark that a message with deduplication id {@code message.id()} was sent to {@code queue}. */
    SentMark sentMark(String queue, OutgoingMessage message) {
        String execution = message.attributes().get(EXECUTION_ATTRIBUTE);
        int shard = shardOf(message);
        if (execution != null && !execution.isEmpty() && queues.shards().of(execution) == shard) {
            return new SentMark(executions.sentKey(execution), QueueKeys.checked(queue) + "\n" + message.id());
        }
        return new SentMark(queues.stem(QueueKeys.checked(queue), shard) + "dedup:" + message.id(), "");
    }

    RedissonClient client() {
        return redisson;
    }

    /** The shard of the message a receipt is of (0 on one node). */
    int shardOfReceipt(String receipt) {
        return queues.shardOfMessage(Receipt.parse(receipt).id());
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** Up to {@code max} messages, waiting at most {@code wait} (to the millisecond) for the first. */
    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        return receiver.receive(queue, max, visibility, wait);
    }

    /**
     * Up to {@code max} messages from the first of {@code queues} that has any, in their order (the priority
     * channels, P0 first); waiting, it is woken by a send to any of them, so a lower channel's message is
     * taken as soon as a higher one's would be.
     */
    @Override
    public FirstReceived receiveFirst(List<String> queues, int max, Duration visibility, Duration wait) {
        return receiver.receiveFirst(queues, max, visibility, wait);
    }

    /** The messages of {@code queue} receivable now and the age of the oldest, by the server's clock, over every shard. */
    @Override
    public Optional<Backlog> backlog(String queue) {
        QueueKeys.checked(queue);
        long count = 0;
        long oldest = 0;
        for (List<Object> reply : receiver.backlogs(queue, java.util.stream.IntStream.range(0, queues.shards().count()).boxed().toList())) {
            count += Long.parseLong(String.valueOf(reply.get(0)));
            oldest = Math.max(oldest, Long.parseLong(String.valueOf(reply.get(1))));
        }
        return Optional.of(new Backlog(count, Duration.ofMillis(oldest)));
    }

    /** From now on, every receive but a dead-letter queue's reads along what {@code reads} asks. */
    void readAlong(ReceiveReads reads) {
        receiver.readAlong(reads);
    }

    /** Whether another instance listens for this prefix's notifications. */
    QueueListeners listeners() {
        return receiver.listeners();
    }

    /** Deletes the message if {@code receipt} is from its latest receive; an older receipt does nothing (the message is, or will be, delivered again). */
    @Override
    public void acknowledge(String queue, String receipt) {
        acknowledgeDone(queue, receipt);
    }

    /** {@link #acknowledge}, saying whether it is done with the message ({@link #acknowledged}). */
    boolean acknowledgeDone(String queue, String receipt) {
        ScriptCall call = acknowledgeCall(queue, receipt, List.of());
        return acknowledged(queue, receipt, ACKNOWLEDGE.run(script, ReturnType.INTEGER, call.keys(), call.args()));
    }

    /** The acknowledge script's run; {@code guard} as {@link #sendCall}'s. */
    ScriptCall acknowledgeCall(String queue, String receipt, List<String> guard) {
        Receipt r = Receipt.parse(receipt);
        int shard = queues.shardOfMessage(r.id());
        List<Object> args = new ArrayList<>(List.of(r.id(), r.count(), queues.stem(QueueKeys.checked(queue), shard), channel,
                receiver.notification(queue, shard)));
        args.addAll(guard);
        return new ScriptCall(queues.keys(queue, shard), args.toArray());
    }

    /**
     * After an acknowledge script for {@code receipt} answered {@code reply}: whether it is done with the message (deleted,
     * or its receipt was not the latest).
     */
    boolean acknowledged(String queue, String receipt, Long reply) {
        if (reply != null && reply == 2L) {
            receiver.signals().signal(queue, queues.shardOfMessage(Receipt.parse(receipt).id())); // the next message of the group is receivable
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
        EXTEND.run(script, ReturnType.INTEGER, queues.keys(QueueKeys.checked(queue), queues.shardOfMessage(r.id())), r.id(), r.count(),
                Long.toString(ceilMillis(visibility)));
    }

    /** {@code <queue>-dlq}, as on SQS; a dead-letter queue has none of its own. */
    @Override
    public String deadLetterQueue(String queue) {
        return queue + DLQ_SUFFIX;
    }

    /** Stops listening for other nodes' sends; the client stays the caller's. */
    @Override
    public void close() {
        receiver.close();
    }


    static long ceilMillis(Duration d) {
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
