package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Publisher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A {@link Publisher} in memory; it passes {@code PublisherContract}. */
public final class InMemoryPublisher implements Publisher {
    private record Address(String namespace, Target target) {}

    private final Map<Address, List<Delivered>> topics = new HashMap<>();
    private final Map<Address, Map<String, Published>> receipts = new HashMap<>();
    private long sequence;

    @Override
    public synchronized Published publish(String namespace, Target target, Message message) {
        Address at = new Address(namespace, target);
        Published first = receipts.computeIfAbsent(at, a -> new HashMap<>()).get(message.id());
        if (first != null) {
            return first;
        }
        String position = String.format("%020d", ++sequence);
        topics.computeIfAbsent(at, a -> new ArrayList<>()).add(new Delivered(position, message));
        Published published = new Published(message.id(), position);
        receipts.get(at).put(message.id(), published);
        return published;
    }

    @Override
    public synchronized List<Delivered> read(String namespace, Target target, String after, int max) {
        return topics.getOrDefault(new Address(namespace, target), List.of()).stream()
                .filter(d -> after == null || d.position().compareTo(after) > 0).limit(max).toList();
    }
}
