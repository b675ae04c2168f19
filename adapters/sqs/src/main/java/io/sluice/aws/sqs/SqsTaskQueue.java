package io.sluice.aws.sqs;

import io.sluice.orchestration.port.TaskQueue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.ReceiptHandleIsInvalidException;

/**
 * {@link TaskQueue} on Amazon SQS (or an SQS-compatible server such as ElasticMQ): FIFO queues by
 * default, which is what gives the port's groups and deduplication; standard queues with
 * {@code SqsQueueSettings.withFifo(false)}, which give neither (a standard queue does not pass the
 * port's contract suite, and one execution's messages may then be applied concurrently: the
 * store's compare-and-set keeps that correct, not cheap).
 *
 * <ul>
 *   <li>FIFO: queue {@code q} is the SQS queue {@code q.fifo}, its dead-letter queue {@code q-dlq.fifo}. A
 *       message's group is its MessageGroupId and its id its MessageDeduplicationId (hashed when longer than SQS's
 *       128 characters); a message without a group gets a group of its own, one without an id a random id.
 *       FIFO queues take no per-message delay, so a delayed message waits in the standard queue
 *       {@code q-delayed} and joins {@code q.fifo} (with its group and id) when a receive of {@code q}
 *       finds it due: it is late by at most one receive's wait, and never holds its group up meanwhile. With
 *       {@link SqsQueueSettings#withDelayedQueue} every FIFO queue's delayed messages wait in that one standard queue
 *       instead, each carrying the queue it is for ({@value #TARGET_ATTRIBUTE}).</li>
 *   <li>Queue names map to queue URLs, resolved once. With {@link SqsQueueSettings#createQueues()}
 *       a missing queue is created with a redrive policy to {@code <name>-dlq} after
 *       {@link #maxReceives()} receives; an existing queue's redrive policy is checked against
 *       the same promise.
 *   <li>Message attributes travel as SQS {@code String} message attributes, W3C trace context
 *       ({@code traceparent}, {@code tracestate}) included, so a Lambda consumer finds them in
 *       the event's {@code messageAttributes}. SQS allows 10 per message.
 *   <li>SQS counts time in whole seconds: delays and visibility timeouts round up (never early),
 *       the receive wait rounds down (never longer than asked) and is capped at SQS's 20 seconds.
 * </ul>
 */
public final class SqsTaskQueue implements TaskQueue, AutoCloseable {
    /** SQS's longest DelaySeconds. */
    public static final Duration MAX_DELAY = Duration.ofMinutes(15);
    /** SQS's longest visibility timeout. */
    public static final Duration MAX_VISIBILITY = Duration.ofHours(12);
    /** SQS's longest long poll. */
    public static final Duration MAX_WAIT = Duration.ofSeconds(20);
    public static final int MAX_MESSAGES_PER_RECEIVE = 10;
    public static final int MAX_ATTRIBUTES = 10;

    private static final String STRING = "String";
    private static final String ALL_ATTRIBUTES = "All";
    /** Where a delayed message keeps its group and id while it waits in the companion queue. */
    static final String GROUP_ATTRIBUTE = "sluice-group";
    static final String ID_ATTRIBUTE = "sluice-id";
    /** Where a delayed message in the shared delayed queue names the FIFO queue it is for. */
    static final String TARGET_ATTRIBUTE = "sluice-target";
    private static final int MAX_FIFO_ID = 128;

    private final SqsClient sqs;
    private final boolean ownsClient;
    private final int maxReceives;
    private final boolean fifo;
    private final SqsQueueUrls queues;
    /** The one queue delayed messages wait in, or {@code null} for a {@code -delayed} companion per FIFO queue. */
    private final String sharedDelayed;

    /**
     * Uses {@code sqs}, which the caller keeps and closes; of {@code settings} only
     * {@code createQueues} and {@code maxReceives} apply, the client being already built.
     */
    public SqsTaskQueue(SqsClient sqs, SqsQueueSettings settings) {
        this(sqs, false, settings);
    }

    private SqsTaskQueue(SqsClient sqs, boolean ownsClient, SqsQueueSettings settings) {
        this.sqs = sqs;
        this.ownsClient = ownsClient;
        this.maxReceives = settings.maxReceives();
        this.fifo = settings.fifo();
        this.queues = new SqsQueueUrls(sqs, settings.createQueues(), settings.maxReceives(), settings.fifo());
        this.sharedDelayed = settings.fifo() ? settings.delayedQueue() : null;
    }

    /** Builds its own client from {@code settings}; {@link #close()} closes it. */
    public static SqsTaskQueue connect(SqsQueueSettings settings) {
        return new SqsTaskQueue(SqsClients.create(settings), true, settings);
    }

    @Override
    public Duration maxDelay() {
        return MAX_DELAY;
    }

    @Override
    public int maxReceives() {
        return maxReceives;
    }

    /**
     * @throws IllegalArgumentException if {@code delay} is longer than {@link #MAX_DELAY}, the
     *     most SQS can delay a message: the caller keeps such a timer in the TimerIndex instead
     */
    @Override
    public void send(String queue, OutgoingMessage message, Duration delay) {
        if (delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("A delay of " + delay + " is longer than SQS's maximum of 15 minutes ("
                    + MAX_DELAY + "); keep the timer in the TimerIndex and send when it fires.");
        }
        if (message.attributes().size() > MAX_ATTRIBUTES) {
            throw new IllegalArgumentException("SQS carries at most " + MAX_ATTRIBUTES + " message attributes; this message has "
                    + message.attributes().size() + ": " + message.attributes().keySet());
        }
        int delaySeconds = secondsRoundedUp(delay.isNegative() ? Duration.ZERO : delay);
        if (!fifo) {
            String url = queues.urlOf(queue);
            sqs.sendMessage(b -> b.queueUrl(url).messageBody(message.body()).delaySeconds(delaySeconds)
                    .messageAttributes(toSqs(message.attributes())));
        } else if (delaySeconds > 0) {
            Map<String, String> attributes = new HashMap<>(message.attributes());
            if (message.group() != null) {
                attributes.put(GROUP_ATTRIBUTE, message.group());
            }
            if (message.id() != null) {
                attributes.put(ID_ATTRIBUTE, message.id());
            }
            if (sharedDelayed != null) {
                attributes.put(TARGET_ATTRIBUTE, queue);
            }
            if (attributes.size() > MAX_ATTRIBUTES) {
                throw new IllegalArgumentException("SQS carries at most " + MAX_ATTRIBUTES + " message attributes; this delayed message has "
                        + message.attributes().size() + " and waits with " + (attributes.size() - message.attributes().size())
                        + " more (its group, id and queue): " + message.attributes().keySet());
            }
            String url = queues.urlOf(delayedQueueOf(queue));
            sqs.sendMessage(b -> b.queueUrl(url).messageBody(message.body()).delaySeconds(delaySeconds).messageAttributes(toSqs(attributes)));
        } else {
            sendFifo(queue, message.body(), message.attributes(), message.group(), message.id());
        }
    }

    private void sendFifo(String queue, String body, Map<String, String> attributes, String group, String id) {
        String url = queues.urlOf(queue);
        sqs.sendMessage(b -> b.queueUrl(url).messageBody(body).messageAttributes(toSqs(attributes))
                .messageGroupId(group == null ? UUID.randomUUID().toString() : fifoId(group))
                .messageDeduplicationId(id == null ? UUID.randomUUID().toString() : fifoId(id)));
    }

    /** SQS takes up to 128 characters for group and deduplication ids; a longer one is hashed (stable, so still deduplicated). */
    private static String fifoId(String id) {
        if (id.length() <= MAX_FIFO_ID) {
            return id;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    /** Where {@code queue}'s delayed messages wait: the shared delayed queue, or its own companion. */
    private String delayedQueueOf(String queue) {
        return sharedDelayed != null ? sharedDelayed : queue + SqsQueueUrls.DELAYED_SUFFIX;
    }

    /**
     * Moves the delayed messages that are due from {@code queue}'s companion into it, each joining its group now; from the
     * shared delayed queue, each into the queue it names (which may be another one).
     */
    private void releaseDelayed(String queue) {
        String url = queues.urlOf(delayedQueueOf(queue));
        List<Message> due = sqs.receiveMessage(b -> b.queueUrl(url).maxNumberOfMessages(MAX_MESSAGES_PER_RECEIVE).waitTimeSeconds(0)
                .visibilityTimeout(30).messageAttributeNames(ALL_ATTRIBUTES)).messages();
        for (Message m : due) {
            Map<String, String> attributes = fromSqs(m, false).attributes();
            forward(sharedDelayed != null ? targetOf(sharedDelayed, attributes) : queue, m.body(), attributes, m.messageId());
            sqs.deleteMessage(b -> b.queueUrl(url).receiptHandle(m.receiptHandle()));
        }
    }

    /**
     * Where nothing calls {@link #receive} (Lambda: an event source mapping reads the FIFO queue), the
     * delayed queue (or the {@code -delayed} companions) are read by a function of their own, which hands each message it
     * is given here once SQS has let it through (its delay passed). The message joins the FIFO queue it names
     * ({@value #TARGET_ATTRIBUTE}; one from a companion, {@code delayedQueue}'s FIFO queue) with its group and id;
     * forwarded twice, it is deduplicated.
     *
     * @param delayedQueue the queue the message was read from: the shared delayed queue, or a companion {@code <queue>-delayed}
     * @throws IllegalArgumentException when {@code delayedQueue} is neither, or the message names no FIFO queue
     */
    public void forwardDelayed(String delayedQueue, String body, Map<String, String> attributes, String messageId) {
        if (!fifo || delayedQueue == null || !delayedQueue.endsWith(SqsQueueUrls.DELAYED_SUFFIX)) {
            throw new IllegalArgumentException("'" + delayedQueue + "' is not a delayed queue of FIFO queues (<prefix>"
                    + SqsQueueUrls.DELAYED_SUFFIX + " or <queue>" + SqsQueueUrls.DELAYED_SUFFIX
                    + " with FIFO queues on); the delayed-forwarder reads only those");
        }
        String target = attributes.containsKey(TARGET_ATTRIBUTE) || delayedQueue.equals(sharedDelayed)
                ? targetOf(delayedQueue, attributes)
                // A message a companion queue still holds (sent before the shared queue): its queue is the companion's.
                : delayedQueue.substring(0, delayedQueue.length() - SqsQueueUrls.DELAYED_SUFFIX.length());
        forward(target, body, attributes, messageId);
    }

    /** The FIFO queue a message of the shared delayed queue is for. */
    private static String targetOf(String delayedQueue, Map<String, String> attributes) {
        String target = attributes.get(TARGET_ATTRIBUTE);
        if (target == null || target.isBlank() || target.endsWith(SqsQueueUrls.DELAYED_SUFFIX) || target.endsWith(SqsQueueUrls.DLQ_SUFFIX)) {
            throw new IllegalArgumentException("a message in the delayed queue '" + delayedQueue + "' has " + TARGET_ATTRIBUTE + " = '"
                    + target + "'; expected the name of the FIFO queue it waits for (not a delayed or dead-letter queue)");
        }
        return target;
    }

    private void forward(String queue, String body, Map<String, String> delayedAttributes, String messageId) {
        Map<String, String> attributes = new HashMap<>(delayedAttributes);
        String group = attributes.remove(GROUP_ATTRIBUTE);
        String id = attributes.remove(ID_ATTRIBUTE);
        attributes.remove(TARGET_ATTRIBUTE);
        // Moved with its id (or the companion's message id): moved twice after a crash, it is deduplicated.
        sendFifo(queue, body, attributes, group, id != null ? id : "delayed:" + messageId);
    }

    /**
     * One ReceiveMessage call: at most 10 messages (SQS's limit, whatever {@code max} says), long
     * polling for {@code wait} rounded down to whole seconds, at most 20.
     */
    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        int visibilitySeconds = visibilitySeconds(visibility);
        int waitSeconds = (int) Math.min(Math.max(wait.toSeconds(), 0), MAX_WAIT.toSeconds());
        if (fifo && !queue.endsWith(SqsQueueUrls.DLQ_SUFFIX)) {
            releaseDelayed(queue);
        }
        String url = queues.urlOf(queue);
        List<Message> messages = sqs.receiveMessage(b -> b.queueUrl(url)
                .maxNumberOfMessages(Math.min(max, MAX_MESSAGES_PER_RECEIVE))
                .visibilityTimeout(visibilitySeconds)
                .waitTimeSeconds(waitSeconds)
                .messageSystemAttributeNames(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT, MessageSystemAttributeName.MESSAGE_GROUP_ID)
                .messageAttributeNames(ALL_ATTRIBUTES)).messages();
        if (fifo) {
            messages = firstOfEachGroup(url, messages);
        }
        return messages.stream().map(m -> fromSqs(m, true)).toList();
    }

    /**
     * SQS FIFO may hand out several messages of one group in one batch (in order); the port hands out
     * one at a time, so the later ones go straight back (visibility 0). The group stays locked by its
     * first message, so they come next, in order, once it is deleted or its visibility passes.
     */
    private List<Message> firstOfEachGroup(String url, List<Message> messages) {
        Set<String> groups = new HashSet<>();
        List<Message> first = new ArrayList<>(messages.size());
        List<ChangeMessageVisibilityBatchRequestEntry> back = new ArrayList<>();
        for (Message m : messages) {
            String group = m.attributes().get(MessageSystemAttributeName.MESSAGE_GROUP_ID);
            if (group == null || groups.add(group)) {
                first.add(m);
            } else {
                back.add(ChangeMessageVisibilityBatchRequestEntry.builder().id(Integer.toString(back.size()))
                        .receiptHandle(m.receiptHandle()).visibilityTimeout(0).build());
            }
        }
        if (!back.isEmpty()) {
            sqs.changeMessageVisibilityBatch(b -> b.queueUrl(url).entries(back));
        }
        return first;
    }

    /**
     * DeleteMessage. A receipt SQS no longer honours is not an error: on SQS an outdated receipt's
     * delete succeeds without deleting, ElasticMQ refuses it with ReceiptHandleIsInvalid; either
     * way the message was, or will again be, delivered, and its consumer is idempotent.
     */
    @Override
    public void acknowledge(String queue, String receipt) {
        String url = queues.urlOf(queue);
        try {
            sqs.deleteMessage(b -> b.queueUrl(url).receiptHandle(receipt));
        } catch (ReceiptHandleIsInvalidException e) {
            // Already deleted, or received again since: see the Javadoc.
        }
    }

    /** ChangeMessageVisibility: the message stays hidden for {@code visibility} from now. */
    @Override
    public void extendVisibility(String queue, String receipt, Duration visibility) {
        int seconds = visibilitySeconds(visibility);
        String url = queues.urlOf(queue);
        sqs.changeMessageVisibility(b -> b.queueUrl(url).receiptHandle(receipt).visibilityTimeout(seconds));
    }

    @Override
    public String deadLetterQueue(String queue) {
        return SqsQueueUrls.deadLetterQueueOf(queue);
    }

    /**
     * A priority channel's backlog, for throttling: SQS's ApproximateNumberOfMessages (receivable now). The age of
     * the oldest is CloudWatch's, not the queue's, so it is reported as zero; the backlog threshold still applies.
     * A channel is the task queue's name plus its priority suffix ({@code -p0}, {@code -p1}, {@code -p3}).
     */
    @Override
    public java.util.Optional<Backlog> backlog(String queue) {
        String url = queues.urlOf(queue);
        String n = sqs.getQueueAttributes(b -> b.queueUrl(url)
                .attributeNames(software.amazon.awssdk.services.sqs.model.QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES))
                .attributes().get(software.amazon.awssdk.services.sqs.model.QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES);
        return java.util.Optional.of(new Backlog(n == null ? 0 : Long.parseLong(n), Duration.ZERO));
    }

    /** Closes the SQS client if this queue built it ({@link #connect}). */
    @Override
    public void close() {
        if (ownsClient) {
            sqs.close();
        }
    }

    private static int visibilitySeconds(Duration visibility) {
        if (visibility.isNegative() || visibility.compareTo(MAX_VISIBILITY) > 0) {
            throw new IllegalArgumentException("SQS accepts a visibility timeout from 0 to 12 hours, not " + visibility);
        }
        return secondsRoundedUp(visibility);
    }

    private static int secondsRoundedUp(Duration d) {
        long seconds = d.toSeconds();
        return (int) (d.toNanosPart() > 0 ? seconds + 1 : seconds);
    }

    private static Map<String, MessageAttributeValue> toSqs(Map<String, String> attributes) {
        Map<String, MessageAttributeValue> out = new HashMap<>();
        attributes.forEach((name, value) -> out.put(name, MessageAttributeValue.builder().dataType(STRING).stringValue(value).build()));
        return out;
    }

    /** String and Number attributes come back as their text; Binary ones are not ours and are skipped. */
    private static ReceivedMessage fromSqs(Message m, boolean counted) {
        Map<String, String> attributes = new HashMap<>();
        m.messageAttributes().forEach((name, value) -> {
            if (value.stringValue() != null) {
                attributes.put(name, value.stringValue());
            }
        });
        String count = counted ? m.attributes().get(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT) : "1";
        if (count == null) {
            // Poison-message handling depends on it: a server that drops it is not SQS-compatible enough.
            throw new IllegalStateException("SQS returned message " + m.messageId() + " without its ApproximateReceiveCount");
        }
        return new ReceivedMessage(m.messageId(), m.receiptHandle(), m.body(), attributes, Integer.parseInt(count));
    }
}
