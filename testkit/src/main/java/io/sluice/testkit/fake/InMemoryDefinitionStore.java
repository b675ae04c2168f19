package io.sluice.testkit.fake;

import io.sluice.orchestration.port.DefinitionStore;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Definitions in memory. */
public final class InMemoryDefinitionStore implements DefinitionStore {
    private final Map<String, String> definitions = new ConcurrentHashMap<>();

    @Override
    public void put(String hash, String definitionJson) {
        definitions.putIfAbsent(hash, definitionJson);
    }

    @Override
    public Optional<String> get(String hash) {
        return Optional.ofNullable(definitions.get(hash));
    }
}
