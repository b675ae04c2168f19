package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A parsed, validated state machine definition, with its content hash (an execution pins the hash
 * it started with) and every nested machine by key.
 */
public record Definition(StateMachine root, JsonNode source, String hash, Map<String, StateMachine> machines) {
    public Definition {
        machines = Map.copyOf(machines);
    }

    public StateMachine machine(String key) {
        StateMachine m = machines.get(key);
        if (m == null) {
            throw new IllegalStateException("no machine '" + key + "' in definition " + hash);
        }
        return m;
    }
}
