package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ConfigStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Config and schema documents in memory. */
public final class InMemoryConfigStore implements ConfigStore {
    private final Map<String, String> documents = new ConcurrentHashMap<>();

    public InMemoryConfigStore put(String name, String text) {
        documents.put(name, text);
        return this;
    }

    @Override
    public Optional<String> read(String name) {
        return Optional.ofNullable(documents.get(name));
    }
}
