package io.sluice.functions.orchestrator;

import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.port.DefinitionStore;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Interpreters by definition hash: a definition never changes, so each is parsed once per process. */
public final class DefinitionCache {
    private final DefinitionStore store;
    private final Map<String, Interpreter> interpreters = new ConcurrentHashMap<>();
    /** Hashes this process has stored: the store keeps a definition forever, so one write per process is enough. */
    private final Map<String, Boolean> stored = new ConcurrentHashMap<>();

    private final Ticker ticker;

    /** Interpreters whose expressions are stopped past the one-second backstop ({@link Ticker#BACKSTOP_NANOS}) of real time. */
    public DefinitionCache(DefinitionStore store) {
        this(store, SystemTime.TICKER);
    }

    /** @param ticker the time of the interpreters' expression backstop; {@link Ticker#NONE}: no backstop */
    public DefinitionCache(DefinitionStore store, Ticker ticker) {
        this.store = store;
        this.ticker = ticker;
    }

    /**
     * Stores a definition so executions pinned to it can find it from any process: once per process
     * and hash (a start used to write it every time). A caller that finds the hash stored here can
     * rely on it: a concurrent first write is finished before anyone else returns.
     */
    public Interpreter register(Definition definition) {
        stored.computeIfAbsent(definition.hash(), h -> {
            store.put(h, Json.write(definition.source()));
            return Boolean.TRUE;
        });
        return interpreters.computeIfAbsent(definition.hash(), h -> new Interpreter(definition, true, ticker));
    }

    /** The interpreter for {@code hash}; {@link IllegalStateException} when no process ever stored it. */
    public Interpreter interpreter(String hash) {
        return interpreters.computeIfAbsent(hash, h -> {
            String json = store.get(h).orElseThrow(() -> new IllegalStateException("definition " + h + " is not in the definition store"));
            return new Interpreter(DefinitionParser.parse(Json.parse(json)), true, ticker);
        });
    }
}
