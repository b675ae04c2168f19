package io.sluice.testkit.fake;

import io.sluice.orchestration.port.KeyValueTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link KeyValueTable} in memory; it passes {@code KeyValueTableContract}. */
public final class InMemoryKeyValueTable implements KeyValueTable {
    private record Address(String namespace, String table, ItemKey key) {}

    private final Map<Address, Stored> items = new ConcurrentHashMap<>();

    @Override
    public Optional<Stored> get(String namespace, String table, ItemKey key) {
        return Optional.ofNullable(items.get(new Address(namespace, table, key)));
    }

    @Override
    public boolean write(String namespace, String table, ItemKey key, long expectedVersion, Write write) {
        Address at = new Address(namespace, table, key);
        Stored next = new Stored(key, expectedVersion + 1, write.item(), write.writer(), write.previous());
        if (expectedVersion == 0) {
            return items.putIfAbsent(at, next) == null;
        }
        boolean[] done = {false};
        items.computeIfPresent(at, (a, current) -> {
            if (current.version() != expectedVersion) {
                return current;
            }
            done[0] = true;
            return next;
        });
        return done[0];
    }

    @Override
    public List<Stored> partition(String namespace, String table, String partition) {
        return items.entrySet().stream()
                .filter(e -> e.getKey().namespace().equals(namespace) && e.getKey().table().equals(table)
                        && e.getKey().key().partition().equals(partition) && e.getValue().live())
                .map(Map.Entry::getValue).toList();
    }
}
