package io.sluice.azure.queue;

import com.azure.core.util.Context;
import com.azure.data.tables.TableServiceClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.models.QueueMessageItem;
import com.azure.storage.queue.models.QueueStorageException;
import com.azure.storage.queue.models.SendMessageResult;
import io.sluice.azure.table.Tables;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * {@link TaskQueue} on Azure Storage Queues, with the groups, deduplication and dead-lettering that
 * Storage Queues lack emulated on Table storage, so that the whole port contract holds (and an Azure
 * deployment can run end to end on Azurite). Each queue {@code q} is the Storage Queue {@code q}; its
 * dead-letter queue is the Storage Queue {@code q-dlq}; the bookkeeping of every queue is one table.
 *
 * <h2>Messages without a group</h2>
 * A plain Storage Queue message (its body and attributes in a small JSON envelope). A delay is the initial
 * visibility timeout (so at most {@link #MAX_DELAY}: seven days less {@link #SENDER_HOLD}); messages never
 * expire. The receive count is Storage Queue's dequeue count, and a receive that finds a message dequeued
 * more than {@link #maxReceives()} times moves it to {@code q-dlq} instead of returning it.
 *
 * <h2>Deduplication</h2>
 * A message with an id is first enqueued hidden for {@link #SENDER_HOLD} (plus its delay); then the id is
 * inserted, insert-if-absent, in Table storage ({@link SendDeduplication}); a duplicate within
 * {@link #DEDUPLICATION_WINDOW} deletes the hidden message, a first send reveals it (sets its visibility to
 * what is left of its delay). A sender that dies in between leaves a message that reveals itself after the
 * hold: late, possibly not deduplicated, never lost.
 *
 * <h2>Groups</h2>
 * A group's messages wait in a log in Table storage ({@link GroupLog}): a counter and the unacknowledged
 * messages by sequence number, in one partition per group, plus a cursor holding the lease on the group's
 * head. The Storage Queue carries only <em>doorbells</em>: messages that say "group g may have a message to
 * deliver". Invariants:
 * <ol>
 *   <li><b>Order.</b> A message's sequence number is assigned when it joins its group: at send, or, for a
 *       delayed message, when a consumer first receives it after its delay (it travels as a {@code JOIN}
 *       envelope until then, so a long delay never holds the group up). Counter and entry are written in one
 *       transaction, so the log has no holes but acknowledged messages, and the head is the lowest entry.</li>
 *   <li><b>One at a time.</b> Only the head is ever delivered, and only under the cursor's lease, taken by
 *       an ETag-conditional write: of two consumers racing for a head, one wins, and the other's doorbell is
 *       deleted as redundant. The lease lasts the receive's visibility timeout, which is also how long the
 *       doorbell that took it stays hidden.</li>
 *   <li><b>Liveness.</b> While a group has messages there is a doorbell that will ring: every send enqueues
 *       one (before appending, hidden, then revealed); only a doorbell that finds the group empty, or finds a
 *       live lease held through <em>another</em> doorbell, deletes itself; and the doorbell that holds the
 *       lease is, on acknowledgement, made visible at once if the group has more (deleted if not), or, if its
 *       consumer never acknowledges, comes back by itself when the visibility passes, and the lease it
 *       held is then over (it is that lease's own doorbell), so it delivers the head again.</li>
 *   <li><b>Receive count and dead letters.</b> The cursor counts the deliveries of its head; a head that
 *       would be delivered more than {@link #maxReceives()} times is sent to {@code q-dlq} and dropped from
 *       the log instead (sent first: a crash in between leaves a duplicate dead letter, never a lost one).</li>
 * </ol>
 * Leases are timed by the consumers' clock ({@code clock}); a skew between consumers lengthens or shortens
 * a lease by the skew, while the doorbell's own visibility (the server's clock) still ends it.
 *
 * <h2>Receipts</h2>
 * A receipt names the Storage Queue message and, for a group, the log entry and the lease. Every visibility
 * change gives a Storage Queue message a new pop receipt; {@link PopReceipts} keeps the newest, so a receipt
 * stays good across {@link #extendVisibility} in the process that received it. An outdated receipt's
 * acknowledgement does nothing, as on SQS. Storage Queues do not long-poll: {@link #receive} polls until
 * {@code wait} has passed, backing off from 25 ms to 500 ms.
 *
 * <p>Bodies are limited to what one Storage Queue message holds ({@link #MAX_ENVELOPE_CHARS} characters of
 * envelope); a larger one is refused, so configure a {@code ClaimCheckQueue} with a lower limit in front.
 */
public final class StorageTaskQueue implements TaskQueue {
    public static final Duration MAX_VISIBILITY = Duration.ofDays(7);
    /** How long a sent message stays hidden while its bookkeeping is written: the delay after a sender's crash. */
    public static final Duration SENDER_HOLD = Duration.ofSeconds(30);
    public static final Duration MAX_DELAY = MAX_VISIBILITY.minus(SENDER_HOLD);
    public static final int MAX_MESSAGES_PER_RECEIVE = 32;
    /** 64 KiB base64-encoded: what one Storage Queue message carries in either SDK encoding. */
    public static final int MAX_ENVELOPE_CHARS = 48 * 1024;
    static final String DLQ_SUFFIX = "-dlq";
    private static final Duration NEVER_EXPIRE = Duration.ofSeconds(-1);
    private static final Duration MIN_VISIBILITY = Duration.ofSeconds(1);
    /** A lease whose doorbell is gone (it should not be) is taken over this long after it ended. */
    private static final long ORPHANED_LEASE_MILLIS = Duration.ofMinutes(2).toMillis();
    private static final Pattern QUEUE_NAME = Pattern.compile("[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]");
    private static final int MAX_ATTEMPTS = 20;

    private final QueueServiceClient queues;
    private final GroupLog log;
    private final SendDeduplication dedup;
    private final int maxReceives;
    private final Clock clock;
    private final PopReceipts pops = new PopReceipts();
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    /**
     * @param tables    where the bookkeeping lives: table {@code tableName}, created if absent
     * @param maxReceives receives before a message is dead-lettered
     */
    public StorageTaskQueue(QueueServiceClient queues, TableServiceClient tables, String tableName, int maxReceives, Clock clock) {
        if (maxReceives < 1) {
            throw new IllegalArgumentException("maxReceives must be at least 1, was " + maxReceives);
        }
        var table = Tables.ensure(tables, tableName);
        this.queues = queues;
        this.log = new GroupLog(table);
        this.dedup = new SendDeduplication(table, clock);
        this.maxReceives = maxReceives;
        this.clock = clock;
    }

    @Override
    public Duration maxDelay() {
        return MAX_DELAY;
    }

    @Override
    public int maxReceives() {
        return maxReceives;
    }

    @Override
    public String deadLetterQueue(String queue) {
        return queue + DLQ_SUFFIX;
    }

    // ---- sending ---------------------------------------------------------------------------

    /** @throws IllegalArgumentException for a delay over {@link #MAX_DELAY} (keep it in the TimerIndex) or a body too large */
    @Override
    public void send(String queue, OutgoingMessage message, Duration delay) {
        Duration wait = delay.isNegative() ? Duration.ZERO : delay;
        if (wait.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("A delay of " + delay + " is longer than a Storage Queue can hide a message (" + MAX_DELAY
                    + "); keep the timer in the TimerIndex and send when it fires.");
        }
        long start = clock.millis();
        QueueClient q = queue(queue);
        if (message.group() == null) {
            String text = checked(QueueEnvelope.plain(message.body(), message.attributes(), message.id()).encode());
            if (message.id() == null) {
                q.sendMessageWithResponse(text, wholeSeconds(wait), NEVER_EXPIRE, null, Context.NONE);
                return;
            }
            SendMessageResult sent = q.sendMessageWithResponse(text, wholeSeconds(wait.plus(SENDER_HOLD)), NEVER_EXPIRE, null, Context.NONE).getValue();
            if (!dedup.firstSend(queue, message.id())) {
                deleteQuietly(q, sent.getMessageId(), sent.getPopReceipt());
                return;
            }
            q.updateMessage(sent.getMessageId(), sent.getPopReceipt(), null, remaining(wait, start));
            return;
        }
        String messageId = UUID.randomUUID().toString();
        QueueEnvelope join = QueueEnvelope.join(message.body(), message.attributes(), message.group(), message.id(), messageId);
        if (message.id() == null && !wait.isZero()) {
            // nothing to write before it may be seen: it joins its group when a consumer receives it after the delay
            q.sendMessageWithResponse(checked(join.encode()), wholeSeconds(wait), NEVER_EXPIRE, null, Context.NONE);
            return;
        }
        SendMessageResult sent = q.sendMessageWithResponse(checked(join.encode()), wholeSeconds(wait.plus(SENDER_HOLD)), NEVER_EXPIRE,
                null, Context.NONE).getValue();
        if (message.id() != null && !dedup.firstSend(queue, message.id())) {
            deleteQuietly(q, sent.getMessageId(), sent.getPopReceipt());
            return;
        }
        if (wait.isZero()) {
            log.append(queue, message.group(), messageId, message.body(), message.attributes());
            q.updateMessage(sent.getMessageId(), sent.getPopReceipt(), QueueEnvelope.doorbell(message.group()).encode(), Duration.ZERO);
        } else {
            q.updateMessage(sent.getMessageId(), sent.getPopReceipt(), null, remaining(wait, start));
        }
    }

    private Duration remaining(Duration delay, long startMillis) {
        Duration left = delay.minusMillis(clock.millis() - startMillis);
        return left.isNegative() ? Duration.ZERO : wholeSeconds(left);
    }

    private static String checked(String envelope) {
        if (envelope.length() > MAX_ENVELOPE_CHARS) {
            throw new IllegalArgumentException("A Storage Queue message holds " + MAX_ENVELOPE_CHARS + " characters of envelope; this one has "
                    + envelope.length() + ". Send large bodies through a ClaimCheckQueue with a limit under 40 KB.");
        }
        return envelope;
    }

    // ---- receiving -------------------------------------------------------------------------

    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        Duration hidden = visibility(visibility);
        QueueClient q = queue(queue);
        long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
        long pause = Duration.ofMillis(25).toNanos();
        List<ReceivedMessage> out = new ArrayList<>();
        while (true) {
            int got = 0;
            for (QueueMessageItem item : q.receiveMessages(Math.min(max - out.size(), MAX_MESSAGES_PER_RECEIVE), hidden, null, Context.NONE)) {
                got++;
                handle(queue, q, item, hidden).ifPresent(out::add);
            }
            long left = deadline - System.nanoTime();
            if (!out.isEmpty() || left <= 0) {
                return out;
            }
            if (got == 0) {
                LockSupport.parkNanos(Math.min(pause, left));
                pause = Math.min(pause * 2, Duration.ofMillis(500).toNanos());
            }
        }
    }

    /**
     * A message that the Functions host's queue trigger received from {@code queue} rather than {@link #receive}: its
     * text (the trigger has decoded it) and the binding data {@code Id}, {@code PopReceipt} and {@code DequeueCount}.
     * It goes through what a receive does (a doorbell takes its group's head under a lease, a join joins, a message
     * received too often is dead-lettered) and comes out as the message to handle, or empty when there is none to
     * handle now. Acknowledge it as any received message; the host's own delete afterwards then finds the message gone
     * or holding a newer pop receipt, which the host ignores.
     */
    public Optional<ReceivedMessage> delivered(String queue, String messageId, String popReceipt, String text, long dequeueCount,
                                               Duration visibility) {
        QueueMessageItem item = new QueueMessageItem().setMessageId(messageId).setPopReceipt(popReceipt)
                .setBody(com.azure.core.util.BinaryData.fromString(text)).setDequeueCount(dequeueCount);
        return handle(queue, queue(queue), item, visibility(visibility));
    }

    private Optional<ReceivedMessage> handle(String queue, QueueClient q, QueueMessageItem item, Duration visibility) {
        QueueEnvelope envelope = QueueEnvelope.decode(item.getBody().toString());
        return switch (envelope.kind()) {
            case PLAIN -> plain(queue, q, item, envelope);
            case JOIN -> {
                log.append(queue, envelope.group(), envelope.messageId(), envelope.body(), envelope.attributes());
                // From now on it is a doorbell; a crash before this line appends the message again (a duplicate, never a loss).
                String pop = q.updateMessage(item.getMessageId(), item.getPopReceipt(), QueueEnvelope.doorbell(envelope.group()).encode(),
                        visibility).getPopReceipt();
                yield doorbell(queue, q, envelope.group(), item.getMessageId(), pop, visibility);
            }
            case DOORBELL -> doorbell(queue, q, envelope.group(), item.getMessageId(), item.getPopReceipt(), visibility);
        };
    }

    private Optional<ReceivedMessage> plain(String queue, QueueClient q, QueueMessageItem item, QueueEnvelope envelope) {
        int count = (int) item.getDequeueCount();
        if (count > maxReceives && !isDeadLetterQueue(queue)) {
            queue(deadLetterQueue(queue)).sendMessageWithResponse(
                    QueueEnvelope.plain(envelope.body(), envelope.attributes(), envelope.id()).encode(), null, NEVER_EXPIRE, null, Context.NONE);
            deleteQuietly(q, item.getMessageId(), item.getPopReceipt());
            return Optional.empty();
        }
        return Optional.of(new ReceivedMessage(item.getMessageId(), QueueReceipt.plain(item.getMessageId(), item.getPopReceipt()).encode(),
                envelope.body(), envelope.attributes(), count));
    }

    /** Delivers the group's head if nobody holds it, under a fresh lease; otherwise retires this doorbell. */
    private Optional<ReceivedMessage> doorbell(String queue, QueueClient q, String group, String doorbell, String pop, Duration visibility) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            GroupLog.View view = log.view(queue, group);
            if (view.head() == null) {
                deleteQuietly(q, doorbell, pop); // nothing to ring for; a later send brings its own doorbell
                return Optional.empty();
            }
            GroupLog.Cursor cursor = view.cursor();
            long now = clock.millis();
            if (cursor.held() && !doorbell.equals(cursor.doorbell()) && now < cursor.leaseUntil() + ORPHANED_LEASE_MILLIS) {
                deleteQuietly(q, doorbell, pop); // the lease's own doorbell rings when it ends
                return Optional.empty();
            }
            int deliveries = (cursor.leaseSeq() == view.head().seq() ? cursor.deliveries() : 0) + 1;
            if (deliveries > maxReceives && !isDeadLetterQueue(queue)) {
                GroupLog.Entry head = view.head();
                queue(deadLetterQueue(queue)).sendMessageWithResponse(QueueEnvelope.plain(head.body(), head.attributes(), null).encode(),
                        null, NEVER_EXPIRE, null, Context.NONE);
                log.dropHead(view);
                continue;
            }
            String token = UUID.randomUUID().toString();
            if (log.lease(view, token, doorbell, now + visibility.toMillis(), deliveries)) {
                GroupLog.Entry head = view.head();
                QueueReceipt receipt = new QueueReceipt(doorbell, pop, group, head.seq(), token);
                return Optional.of(new ReceivedMessage(head.messageId(), receipt.encode(), head.body(), head.attributes(), deliveries));
            }
        }
        return Optional.empty(); // contended: the doorbell comes back when its visibility passes
    }

    // ---- acknowledging and extending -------------------------------------------------------

    @Override
    public void acknowledge(String queue, String receipt) {
        QueueReceipt r = QueueReceipt.parse(receipt);
        QueueClient q = queue(queue);
        String pop = pops.current(r.messageId(), r.popReceipt());
        if (!r.grouped()) {
            deleteQuietly(q, r.messageId(), pop);
            pops.forget(r.messageId());
            return;
        }
        if (!log.release(queue, r.group(), r.seq(), r.lease())) {
            return; // the lease ended and another consumer has the message now
        }
        pops.forget(r.messageId());
        if (log.hasHead(queue, r.group())) {
            try {
                q.updateMessage(r.messageId(), pop, null, Duration.ZERO); // ring for the next head now
            } catch (QueueStorageException e) {
                if (e.getStatusCode() != 404) {
                    throw e;
                }
            }
        } else {
            deleteQuietly(q, r.messageId(), pop);
        }
    }

    /** @throws IllegalStateException when the message is no longer this receipt's (its visibility passed and it was received again) */
    @Override
    public void extendVisibility(String queue, String receipt, Duration visibility) {
        Duration hidden = wholeSeconds(visibility.isNegative() ? Duration.ZERO : visibility);
        if (hidden.compareTo(MAX_VISIBILITY) > 0) {
            throw new IllegalArgumentException("A Storage Queue hides a message for at most " + MAX_VISIBILITY + ", not " + visibility);
        }
        QueueReceipt r = QueueReceipt.parse(receipt);
        if (r.grouped() && !log.extend(queue, r.group(), r.seq(), r.lease(), clock.millis() + hidden.toMillis())) {
            throw new IllegalStateException("message " + r.seq() + " of group " + r.group() + " is no longer leased by this receipt");
        }
        String pop = pops.current(r.messageId(), r.popReceipt());
        try {
            pops.updated(r.messageId(), queue(queue).updateMessage(r.messageId(), pop, null, hidden).getPopReceipt());
        } catch (QueueStorageException e) {
            if (e.getStatusCode() == 404) {
                throw new IllegalStateException("message " + r.messageId() + " is no longer this receipt's: it was acknowledged, or received again", e);
            }
            throw e;
        }
    }

    // ---- queues ----------------------------------------------------------------------------

    private QueueClient queue(String name) {
        if (!QUEUE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + name + "' is not a Storage Queue name: 3-63 lower-case letters, digits and single"
                    + " hyphens, starting and ending with a letter or digit");
        }
        QueueClient q = queues.getQueueClient(name);
        if (created.add(name)) {
            q.createIfNotExists();
        }
        return q;
    }

    private static boolean isDeadLetterQueue(String queue) {
        return queue.endsWith(DLQ_SUFFIX);
    }

    private static void deleteQuietly(QueueClient q, String messageId, String pop) {
        try {
            q.deleteMessage(messageId, pop);
        } catch (QueueStorageException e) {
            if (e.getStatusCode() != 404) {
                throw e; // 404: deleted already, or received again since (its new holder goes on)
            }
        }
    }

    private static Duration visibility(Duration visibility) {
        Duration v = wholeSeconds(visibility);
        if (v.compareTo(MIN_VISIBILITY) < 0) {
            return MIN_VISIBILITY;
        }
        if (v.compareTo(MAX_VISIBILITY) > 0) {
            throw new IllegalArgumentException("A Storage Queue hides a received message for 1 second to 7 days, not " + visibility);
        }
        return v;
    }

    /** Storage Queues count whole seconds: round up, never early. */
    private static Duration wholeSeconds(Duration d) {
        return d.toNanosPart() == 0 ? d : Duration.ofSeconds(d.getSeconds() + 1);
    }

    @Override
    public String toString() {
        return "StorageTaskQueue[" + queues.getQueueServiceUrl() + ", maxReceives " + maxReceives + "]";
    }
}
