package io.sluice.azure.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The task functions of the bundle: every {@code Function<JsonNode, JsonNode>} bean, by bean name (the name
 * its Task resources use, {@code sluice:function:<name>}), each consumed from {@code <prefix>-task-<name>}.
 */
public record TaskFunctionCatalog(Map<String, Function<JsonNode, JsonNode>> byName) {
    public TaskFunctionCatalog {
        byName = Map.copyOf(new TreeMap<>(byName));
    }

    public Set<String> names() {
        return new java.util.TreeSet<>(byName.keySet());
    }

    /** The functions, for the runtime's worker harness. */
    public TaskFunctions tasks() {
        return TaskFunctions.of(byName);
    }
}
