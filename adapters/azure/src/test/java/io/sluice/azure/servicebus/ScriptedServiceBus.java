package io.sluice.azure.servicebus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A scripted {@link ServiceBusChannel}: the test puts the messages Service Bus would hand out (with their
 * delivery counts and sessions) and reads back every call the queue made. It models only what the calls
 * need: available messages per queue and per session, sessions held until closed, locks that a test can
 * declare lost. It is not a Service Bus; it checks the adapter's use of one.
 */
final class ScriptedServiceBus implements ServiceBusChannel {
    final List<String> calls = new ArrayList<>();
    final List<Outbound> sent = new ArrayList<>();
    final Map<Outbound, Instant> scheduled = new LinkedHashMap<>();
    private final Map<String, Deque<Inbound>> available = new LinkedHashMap<>();
    private final Map<String, Map<String, Deque<Inbound>>> sessions = new LinkedHashMap<>();
    private final java.util.Set<String> held = new java.util.HashSet<>();
    private final java.util.Set<String> lostLocks = new java.util.HashSet<>();

    /** A message Service Bus will deliver from {@code queue} (its dead-letter sub-queue: {@code queue/$deadletterqueue}). */
    Inbound offer(String queue, String body, int deliveryCount) {
        Inbound m = inbound(body, deliveryCount, null);
        available.computeIfAbsent(queue, k -> new ArrayDeque<>()).add(m);
        return m;
    }

    /** A message of session {@code session} of {@code queue}, after the ones already offered there. */
    Inbound offerInSession(String queue, String session, String body, int deliveryCount) {
        Inbound m = inbound(body, deliveryCount, session);
        sessions.computeIfAbsent(queue, k -> new LinkedHashMap<>()).computeIfAbsent(session, k -> new ArrayDeque<>()).add(m);
        return m;
    }

    void loseLock(Inbound m) {
        lostLocks.add(m.lockToken());
    }

    private static Inbound inbound(String body, int deliveryCount, String session) {
        String id = UUID.randomUUID().toString();
        return new Inbound("mid-" + id, "lock-" + id, body, Map.of("traceparent", "00-abc-def-01"), deliveryCount, session, null);
    }

    @Override
    public void send(String queue, Outbound message) {
        calls.add("send " + queue);
        sent.add(message);
    }

    @Override
    public void schedule(String queue, Outbound message, Instant at) {
        calls.add("schedule " + queue);
        scheduled.put(message, at);
    }

    @Override
    public List<Inbound> receive(String queue, boolean deadLetterSubQueue, int max, Duration wait) {
        String path = queue + (deadLetterSubQueue ? ServiceBusTaskQueue.DEAD_LETTER_PATH : "");
        calls.add("receive " + path);
        Deque<Inbound> q = available.getOrDefault(path, new ArrayDeque<>());
        List<Inbound> out = new ArrayList<>();
        while (out.size() < max && !q.isEmpty()) {
            out.add(q.poll());
        }
        return out;
    }

    @Override
    public Optional<Session> acceptNextSession(String queue, Duration wait) {
        for (Map.Entry<String, Deque<Inbound>> s : sessions.getOrDefault(queue, Map.of()).entrySet()) {
            if (!s.getValue().isEmpty() && held.add(queue + "/" + s.getKey())) {
                calls.add("accept " + queue + " session " + s.getKey());
                return Optional.of(new ScriptedSession(queue, s.getKey(), s.getValue()));
            }
        }
        return Optional.empty();
    }

    private final class ScriptedSession implements Session {
        private final String queue;
        private final String id;
        private final Deque<Inbound> messages;

        ScriptedSession(String queue, String id, Deque<Inbound> messages) {
            this.queue = queue;
            this.id = id;
            this.messages = messages;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public List<Inbound> receive(int max, Duration wait) {
            List<Inbound> out = new ArrayList<>();
            // Service Bus locks what it hands out; the script removes it and puts it back only if a test says so.
            while (out.size() < max && !messages.isEmpty()) {
                out.add(messages.poll());
            }
            return out;
        }

        @Override
        public Instant renewLock() {
            calls.add("renew session " + id);
            return Instant.EPOCH;
        }

        @Override
        public void close() {
            calls.add("release session " + id);
            held.remove(queue + "/" + id);
        }
    }

    @Override
    public boolean complete(Inbound message) {
        calls.add("complete " + message.body());
        return !lostLocks.contains(message.lockToken());
    }

    @Override
    public void deadLetter(Inbound message, String reason, String description) {
        calls.add("dead-letter " + message.body() + " " + reason + ": " + description);
    }

    @Override
    public Optional<Instant> renewLock(Inbound message) {
        calls.add("renew " + message.body());
        return lostLocks.contains(message.lockToken()) ? Optional.empty() : Optional.of(Instant.EPOCH);
    }

    @Override
    public void close() {
        calls.add("close");
    }
}
