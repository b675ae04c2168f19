package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ObjectStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Blobs in memory. */
public final class InMemoryObjectStore implements ObjectStore {
    private final Map<String, byte[]> objects = new ConcurrentHashMap<>();

    @Override
    public void put(String key, byte[] content) {
        objects.put(key, content.clone());
    }

    @Override
    public Optional<byte[]> get(String key) {
        byte[] b = objects.get(key);
        return b == null ? Optional.empty() : Optional.of(b.clone());
    }

    public int size() {
        return objects.size();
    }
}
