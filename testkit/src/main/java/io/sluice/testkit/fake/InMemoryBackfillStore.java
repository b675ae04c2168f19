package io.sluice.testkit.fake;

import io.sluice.orchestration.port.BackfillStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Backfills in a map; passes {@code BackfillStoreContract}. */
public final class InMemoryBackfillStore implements BackfillStore {
    private final Map<String, String> backfills = new ConcurrentHashMap<>();

    @Override
    public boolean create(String id, String json) {
        return backfills.putIfAbsent(id, json) == null;
    }

    @Override
    public void update(String id, String json) {
        backfills.put(id, json);
    }

    @Override
    public Optional<String> find(String id) {
        return Optional.ofNullable(backfills.get(id));
    }
}
