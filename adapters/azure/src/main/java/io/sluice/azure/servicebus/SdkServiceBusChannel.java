package io.sluice.azure.servicebus;

import com.azure.messaging.servicebus.ServiceBusClientBuilder;
import com.azure.messaging.servicebus.ServiceBusException;
import com.azure.messaging.servicebus.ServiceBusFailureReason;
import com.azure.messaging.servicebus.ServiceBusMessage;
import com.azure.messaging.servicebus.ServiceBusReceivedMessage;
import com.azure.messaging.servicebus.ServiceBusReceiverAsyncClient;
import com.azure.messaging.servicebus.ServiceBusReceiverClient;
import com.azure.messaging.servicebus.ServiceBusSenderClient;
import com.azure.messaging.servicebus.ServiceBusSessionReceiverAsyncClient;
import com.azure.messaging.servicebus.models.DeadLetterOptions;
import com.azure.messaging.servicebus.models.ServiceBusReceiveMode;
import com.azure.messaging.servicebus.models.SubQueue;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ServiceBusChannel} over the Azure SDK: one sender and one peek-lock receiver (prefetch 0, so no
 * message is locked that was not asked for) per queue, and a session receiver per session queue; sessions are
 * accepted asynchronously so that "none within {@code wait}" can be told from an error.
 *
 * <p>Not exercised by the build: no Service Bus or emulator runs on these machines, so this class is compiled
 * and reviewed, and {@link ServiceBusTaskQueue}'s logic is tested over a scripted channel instead.
 */
public final class SdkServiceBusChannel implements ServiceBusChannel {
    private final ServiceBusClientBuilder builder;
    private final Map<String, ServiceBusSenderClient> senders = new ConcurrentHashMap<>();
    private final Map<String, ServiceBusReceiverClient> receivers = new ConcurrentHashMap<>();
    private final Map<String, ServiceBusSessionReceiverAsyncClient> sessionReceivers = new ConcurrentHashMap<>();

    /** @param builder a builder with the namespace and credential (or connection string) set */
    public SdkServiceBusChannel(ServiceBusClientBuilder builder) {
        this.builder = builder;
    }

    private record Handle(ServiceBusReceivedMessage message, ServiceBusReceiverClient receiver, ServiceBusReceiverAsyncClient session) {}

    @Override
    public void send(String queue, Outbound message) {
        sender(queue).sendMessage(toSdk(message));
    }

    @Override
    public void schedule(String queue, Outbound message, Instant at) {
        sender(queue).scheduleMessage(toSdk(message), at.atOffset(ZoneOffset.UTC));
    }

    @Override
    public List<Inbound> receive(String queue, boolean deadLetterSubQueue, int max, Duration wait) {
        ServiceBusReceiverClient receiver = receivers.computeIfAbsent(queue + (deadLetterSubQueue ? ServiceBusTaskQueue.DEAD_LETTER_PATH : ""),
                k -> {
                    var b = builder.receiver().queueName(queue).receiveMode(ServiceBusReceiveMode.PEEK_LOCK).prefetchCount(0);
                    return (deadLetterSubQueue ? b.subQueue(SubQueue.DEAD_LETTER_QUEUE) : b).buildClient();
                });
        List<Inbound> out = new ArrayList<>();
        for (ServiceBusReceivedMessage m : receiver.receiveMessages(max, wait.isZero() ? Duration.ofMillis(100) : wait)) {
            out.add(fromSdk(m, new Handle(m, receiver, null)));
        }
        return out;
    }

    @Override
    public Optional<Session> acceptNextSession(String queue, Duration wait) {
        ServiceBusSessionReceiverAsyncClient sessions = sessionReceivers.computeIfAbsent(queue, q -> builder.sessionReceiver()
                .queueName(q).receiveMode(ServiceBusReceiveMode.PEEK_LOCK).prefetchCount(0).disableAutoComplete().buildAsyncClient());
        Duration timeout = wait.isZero() ? Duration.ofMillis(200) : wait;
        ServiceBusReceiverAsyncClient receiver;
        try {
            receiver = sessions.acceptNextSession().timeout(timeout).onErrorResume(java.util.concurrent.TimeoutException.class,
                    e -> reactor.core.publisher.Mono.empty()).block();
        } catch (ServiceBusException e) {
            if (e.getReason() == ServiceBusFailureReason.SERVICE_TIMEOUT) {
                return Optional.empty();
            }
            throw e;
        }
        return Optional.ofNullable(receiver).map(SdkSession::new);
    }

    private final class SdkSession implements Session {
        private final ServiceBusReceiverAsyncClient receiver;

        SdkSession(ServiceBusReceiverAsyncClient receiver) {
            this.receiver = receiver;
        }

        @Override
        public String id() {
            return receiver.getSessionId();
        }

        @Override
        public List<Inbound> receive(int max, Duration wait) {
            List<ServiceBusReceivedMessage> got = receiver.receiveMessages().take(max)
                    .take(wait.isZero() ? Duration.ofSeconds(1) : wait).collectList().block();
            List<Inbound> out = new ArrayList<>();
            if (got != null) {
                got.forEach(m -> out.add(fromSdk(m, new Handle(m, null, receiver))));
            }
            return out;
        }

        @Override
        public Instant renewLock() {
            return receiver.renewSessionLock().block().toInstant();
        }

        @Override
        public void close() {
            receiver.close();
        }
    }

    @Override
    public boolean complete(Inbound message) {
        Handle h = (Handle) message.handle();
        try {
            if (h.session() != null) {
                h.session().complete(h.message()).block();
            } else {
                h.receiver().complete(h.message());
            }
            return true;
        } catch (ServiceBusException e) {
            if (lockLost(e)) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public void deadLetter(Inbound message, String reason, String description) {
        Handle h = (Handle) message.handle();
        DeadLetterOptions options = new DeadLetterOptions().setDeadLetterReason(reason).setDeadLetterErrorDescription(description);
        if (h.session() != null) {
            h.session().deadLetter(h.message(), options).block();
        } else {
            h.receiver().deadLetter(h.message(), options);
        }
    }

    @Override
    public Optional<Instant> renewLock(Inbound message) {
        Handle h = (Handle) message.handle();
        if (h.session() != null) {
            return Optional.of(h.session().renewSessionLock().block().toInstant());
        }
        try {
            return Optional.of(h.receiver().renewMessageLock(h.message()).toInstant());
        } catch (ServiceBusException e) {
            if (lockLost(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static boolean lockLost(ServiceBusException e) {
        return e.getReason() == ServiceBusFailureReason.MESSAGE_LOCK_LOST || e.getReason() == ServiceBusFailureReason.SESSION_LOCK_LOST
                || e.getReason() == ServiceBusFailureReason.MESSAGE_NOT_FOUND;
    }

    private ServiceBusSenderClient sender(String queue) {
        return senders.computeIfAbsent(queue, q -> builder.sender().queueName(q).buildClient());
    }

    private static ServiceBusMessage toSdk(Outbound m) {
        ServiceBusMessage message = new ServiceBusMessage(m.body()).setMessageId(m.messageId()).setContentType("application/json");
        if (m.sessionId() != null) {
            message.setSessionId(m.sessionId());
        }
        message.getApplicationProperties().putAll(m.properties());
        return message;
    }

    private static Inbound fromSdk(ServiceBusReceivedMessage m, Handle handle) {
        Map<String, String> properties = new HashMap<>();
        m.getApplicationProperties().forEach((k, v) -> {
            if (v != null) {
                properties.put(k, v.toString());
            }
        });
        return new Inbound(m.getMessageId(), m.getLockToken(), m.getBody().toString(), properties, (int) m.getDeliveryCount(),
                m.getSessionId(), handle);
    }

    @Override
    public void close() {
        senders.values().forEach(ServiceBusSenderClient::close);
        receivers.values().forEach(ServiceBusReceiverClient::close);
        sessionReceivers.values().forEach(ServiceBusSessionReceiverAsyncClient::close);
    }
}
