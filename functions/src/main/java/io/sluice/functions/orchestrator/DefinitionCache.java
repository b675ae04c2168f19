package io.sluice.functions.orchestrator;

import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DefinitionStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Interpreters by definition hash: a definition never changes, so each is parsed once per process. */
public final class DefinitionCache {
    private final DefinitionStore store;
    private final Map<String, Interpreter> interpreters = new ConcurrentHashMap<>();

    public DefinitionCache(DefinitionStore store) {
        this.store = store;
    }

    /** Stores a definition so executions pinned to it can find it from any process. */
    public Interpreter register(Definition definition) {
        store.put(definition.hash(), Json.write(definition.source()));
        return interpreters.computeIfAbsent(definition.hash(), h -> new Interpreter(definition, true));
    }

    /** The interpreter for {@code hash}; {@link IllegalStateException} when no process ever stored it. */
    public Interpreter interpreter(String hash) {
        return interpreters.computeIfAbsent(hash, h -> {
            String json = store.get(h).orElseThrow(() -> new IllegalStateException("definition " + h + " is not in the definition store"));
            return new Interpreter(DefinitionParser.parse(Json.parse(json)), true);
        });
    }
}
