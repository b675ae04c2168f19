package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The task functions of the bundle by name: plain {@code Function<JsonNode, JsonNode>}s. */
@FunctionalInterface
public interface TaskFunctions {
    Optional<Function<JsonNode, JsonNode>> find(String name);

    static TaskFunctions of(Map<String, Function<JsonNode, JsonNode>> functions) {
        Map<String, Function<JsonNode, JsonNode>> copy = Map.copyOf(functions);
        return name -> Optional.ofNullable(copy.get(name));
    }
}
