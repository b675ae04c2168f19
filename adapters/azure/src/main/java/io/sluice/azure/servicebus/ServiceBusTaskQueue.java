package io.sluice.azure.servicebus;

import io.sluice.orchestration.port.TaskQueue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * {@link TaskQueue} on Azure Service Bus queues, each feature of the port mapped to Service Bus's own:
 *
 * <ul>
 *   <li><b>Groups</b> are sessions (session id = group, hashed when longer than Service Bus's 128
 *       characters) on the queues {@code sessionQueues} names, which must be created with sessions enabled:
 *       a receive accepts the next available session and takes its first message only, and the session stays
 *       this process's, so nobody else gets the group's next message, until the message is acknowledged
 *       (completed, then the session is released). A message without a group on a session queue gets a session
 *       of its own; a group on a queue without sessions is refused, since it could not be kept.</li>
 *   <li><b>Deduplication</b> is duplicate detection: the id is the MessageId (hashed beyond 128 characters);
 *       the queues must be created with duplicate detection on and a window of at least
 *       {@link TaskQueue#DEDUPLICATION_WINDOW}.</li>
 *   <li><b>Delays</b> are scheduled messages (any length: {@link #maxDelay()} is a year, past which a timer
 *       belongs in the TimerIndex).</li>
 *   <li><b>Dead letters</b>: Service Bus moves a message to the dead-letter sub-queue
 *       ({@code <queue>/$deadletterqueue}) after the queue's MaxDeliveryCount, which should equal
 *       {@code maxReceives}; a message received with a higher delivery count (a queue created with a higher
 *       maximum) is dead-lettered here, reason {@value #MAX_RECEIVES_REASON}, and not returned.</li>
 *   <li><b>Visibility</b> is the peek-lock: a lock lasts the queue's LockDuration whatever {@code visibility}
 *       a receive asks for (Service Bus sets it per queue, at most five minutes), and
 *       {@link #extendVisibility} renews the message's lock, or its session's, which is how a worker keeps a
 *       message while its function works.</li>
 * </ul>
 *
 * Settlement must go through the receiver that received a message, so receipts (the lock token) are good in
 * the process that received them; an unknown or lost receipt's acknowledgement does nothing (the message comes
 * back when its lock ends, as an outdated receipt's does on SQS).
 */
public final class ServiceBusTaskQueue implements TaskQueue, AutoCloseable {
    public static final Duration MAX_DELAY = Duration.ofDays(365);
    public static final String DEAD_LETTER_PATH = "/$deadletterqueue";
    static final String MAX_RECEIVES_REASON = "Sluice.MaxReceives";
    private static final int MAX_ID = 128;

    private final ServiceBusChannel channel;
    private final Predicate<String> sessionQueues;
    private final int maxReceives;
    private final Clock clock;
    private final Map<String, InFlight> inFlight = new ConcurrentHashMap<>();

    private record InFlight(ServiceBusChannel.Inbound message, ServiceBusChannel.Session session) {}

    public ServiceBusTaskQueue(ServiceBusChannel channel, Predicate<String> sessionQueues, int maxReceives, Clock clock) {
        this.channel = channel;
        this.sessionQueues = sessionQueues;
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
        return queue + DEAD_LETTER_PATH;
    }

    @Override
    public void send(String queue, OutgoingMessage message, Duration delay) {
        if (delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("A delay of " + delay + " is longer than " + MAX_DELAY
                    + "; keep the timer in the TimerIndex and send when it fires.");
        }
        boolean sessions = sessionQueues.test(queue);
        if (message.group() != null && !sessions) {
            throw new IllegalArgumentException("queue " + queue + " has no sessions, so the order of group " + message.group()
                    + " could not be kept; create it with sessions and name it in the session queues");
        }
        String sessionId = !sessions ? null : message.group() != null ? bounded(message.group()) : UUID.randomUUID().toString();
        String messageId = message.id() != null ? bounded(message.id()) : UUID.randomUUID().toString();
        ServiceBusChannel.Outbound out = new ServiceBusChannel.Outbound(message.body(), message.attributes(), messageId, sessionId);
        if (delay.isNegative() || delay.isZero()) {
            channel.send(queue, out);
        } else {
            channel.schedule(queue, out, clock.instant().plus(delay));
        }
    }

    @Override
    public List<ReceivedMessage> receive(String queue, int max, Duration visibility, Duration wait) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        if (queue.endsWith(DEAD_LETTER_PATH)) {
            String base = queue.substring(0, queue.length() - DEAD_LETTER_PATH.length());
            return deliver(channel.receive(base, true, max, wait), null, false);
        }
        if (!sessionQueues.test(queue)) {
            return deliver(channel.receive(queue, false, max, wait), null, true);
        }
        List<ReceivedMessage> out = new ArrayList<>();
        Duration patience = wait;
        for (int accepted = 0; out.size() < max && accepted < 2 * max; accepted++) {
            Optional<ServiceBusChannel.Session> next = channel.acceptNextSession(queue, patience);
            if (next.isEmpty()) {
                break;
            }
            ServiceBusChannel.Session session = next.get();
            List<ReceivedMessage> head = deliver(session.receive(1, Duration.ZERO), session, true);
            if (head.isEmpty()) {
                session.close(); // empty, or its head went to the dead-letter queue: anyone may take it again
            }
            out.addAll(head);
            patience = Duration.ZERO; // later sessions only if they are there already
        }
        return out;
    }

    private List<ReceivedMessage> deliver(List<ServiceBusChannel.Inbound> messages, ServiceBusChannel.Session session, boolean guard) {
        List<ReceivedMessage> out = new ArrayList<>();
        for (ServiceBusChannel.Inbound m : messages) {
            if (guard && m.deliveryCount() > maxReceives) {
                channel.deadLetter(m, MAX_RECEIVES_REASON, "delivered " + m.deliveryCount() + " times, more than the "
                        + maxReceives + " receives Sluice allows");
                continue;
            }
            inFlight.put(m.lockToken(), new InFlight(m, session));
            out.add(new ReceivedMessage(m.messageId(), m.lockToken(), m.body(), m.properties(), m.deliveryCount()));
        }
        return out;
    }

    @Override
    public void acknowledge(String queue, String receipt) {
        InFlight held = inFlight.remove(receipt);
        if (held == null) {
            return; // not received here, or settled already
        }
        try {
            channel.complete(held.message());
        } finally {
            if (held.session() != null) {
                held.session().close(); // the group's next message may now go to anyone
            }
        }
    }

    /** Renews the lock once; Service Bus keeps it for the queue's LockDuration from now, whatever {@code visibility} says. */
    @Override
    public void extendVisibility(String queue, String receipt, Duration visibility) {
        InFlight held = inFlight.get(receipt);
        if (held == null) {
            throw new IllegalStateException("message " + receipt + " is not held by this process: it was settled, or received elsewhere");
        }
        if (held.session() != null) {
            held.session().renewLock(); // a session's messages are locked by the session lock
            return;
        }
        if (channel.renewLock(held.message()).isEmpty()) {
            inFlight.remove(receipt);
            throw new IllegalStateException("the lock on message " + held.message().messageId() + " was lost; it will be delivered again");
        }
    }

    /** Service Bus limits message and session ids to 128 characters; a longer one is hashed, the same way every time. */
    static String bounded(String id) {
        if (id.length() <= MAX_ID) {
            return id;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    @Override
    public void close() {
        inFlight.values().forEach(f -> {
            if (f.session() != null) {
                f.session().close();
            }
        });
        inFlight.clear();
        channel.close();
    }
}
