package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ObjectStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/** Blobs in memory, listed in key order. */
public final class InMemoryObjectStore implements ObjectStore {
    private record Blob(byte[] content, Instant modified) {}

    private final ConcurrentSkipListMap<String, Blob> objects = new ConcurrentSkipListMap<>();

    @Override
    public void put(String key, byte[] content) {
        objects.put(key, new Blob(content.clone(), Instant.now()));
    }

    @Override
    public Optional<byte[]> get(String key) {
        Blob b = objects.get(key);
        return b == null ? Optional.empty() : Optional.of(b.content().clone());
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        List<ObjectInfo> out = new ArrayList<>();
        Map<String, Blob> tail = startAfter == null || startAfter.compareTo(prefix) < 0 ? objects.tailMap(prefix, true)
                : objects.tailMap(startAfter, false);
        for (Map.Entry<String, Blob> e : tail.entrySet()) {
            if (out.size() >= max || !e.getKey().startsWith(prefix)) {
                break;
            }
            out.add(new ObjectInfo(e.getKey(), e.getValue().content().length, e.getValue().modified()));
        }
        return out;
    }

    @Override
    public boolean delete(String key) {
        return objects.remove(key) != null;
    }

    public int size() {
        return objects.size();
    }
}
