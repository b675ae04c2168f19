package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.VariableNames;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Workflow variables, scoped as Step Functions scopes them: the top level is one scope, and each
 * Parallel branch and Map iteration (each child frame) runs in a scope of its own that reads the
 * scopes around it. A scope's assignments live in its frame, so they end with it: a branch or
 * iteration passes data out only through its output. The validator refuses an inner Assign of a
 * name an outer scope assigns; here an inner assignment simply lands in the inner scope.
 */
final class Variables {
    /** Step Functions' limits: one variable, one Assign, and all variables of an execution. */
    static final int MAX_VARIABLE_BYTES = 256 * 1024;
    static final int MAX_ASSIGN_BYTES = 256 * 1024;
    static final int MAX_EXECUTION_BYTES = 10 * 1024 * 1024;

    private Variables() {}

    /** The variables {@code frame} can read: its own scope's, then each enclosing scope's. */
    static io.sluice.orchestration.path.Variables visible(Execution execution, Frame frame) {
        return name -> {
            for (Frame f = frame; f != null; f = f.parentId() < 0 ? null : execution.frame(f.parentId())) {
                if (f.variables != null) {
                    JsonNode value = f.variables.get(name);
                    if (value != null) {
                        return value;
                    }
                }
            }
            return null;
        };
    }

    /** Every variable {@code frame} can read, by name, as {@link #visible} resolves them: for a map run's ItemSelector. */
    static Map<String, JsonNode> snapshot(Execution execution, Frame frame) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Frame f = frame; f != null; f = f.parentId() < 0 ? null : execution.frame(f.parentId())) {
            if (f.variables != null) {
                f.variables.forEach(out::putIfAbsent);
            }
        }
        return out;
    }

    /** Assigns every field of {@code values} in {@code frame}'s scope, after checking names and sizes. */
    static void assign(Execution execution, Frame frame, String state, JsonNode values) {
        if (values == null || !values.isObject()) {
            throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "Assign of state '" + state
                    + "' must give an object of variable names and values, but gave " + Json.typeName(values) + ".");
        }
        Map<String, Long> sizes = new LinkedHashMap<>();
        long total = 0;
        for (Map.Entry<String, JsonNode> e : values.properties()) {
            String problem = VariableNames.problem(e.getKey());
            if (problem != null) {
                throw new AslException(ErrorNames.RUNTIME, "Assign of state '" + state + "': " + problem);
            }
            long size = Json.write(e.getValue()).getBytes(StandardCharsets.UTF_8).length;
            if (size > MAX_VARIABLE_BYTES) {
                throw new AslException(ErrorNames.DATA_LIMIT_EXCEEDED, "Variable '" + e.getKey() + "' assigned by state '"
                        + state + "' is " + size + " bytes; a variable may hold at most " + MAX_VARIABLE_BYTES + " bytes (256 KiB).");
            }
            sizes.put(e.getKey(), size);
            total += size;
        }
        if (total > MAX_ASSIGN_BYTES) {
            throw new AslException(ErrorNames.DATA_LIMIT_EXCEEDED, "Assign of state '" + state + "' assigns " + total
                    + " bytes; one Assign may assign at most " + MAX_ASSIGN_BYTES + " bytes (256 KiB).");
        }
        Map<String, JsonNode> scope = frame.variables == null ? new LinkedHashMap<>() : frame.variables;
        long frameBytes = frame.variableBytes;
        for (Map.Entry<String, Long> e : sizes.entrySet()) {
            JsonNode old = scope.get(e.getKey());
            if (old != null) {
                frameBytes -= Json.write(old).getBytes(StandardCharsets.UTF_8).length;
            }
            frameBytes += e.getValue();
        }
        long others = 0;
        for (Frame f : execution.frames()) {
            others += f == frame ? 0 : f.variableBytes;
        }
        if (others + frameBytes > MAX_EXECUTION_BYTES) {
            throw new AslException(ErrorNames.DATA_LIMIT_EXCEEDED, "State '" + state + "' would raise the variables of"
                    + " this execution to " + (others + frameBytes) + " bytes; an execution may hold at most "
                    + MAX_EXECUTION_BYTES + " bytes (10 MiB) of variables.");
        }
        for (Map.Entry<String, JsonNode> e : values.properties()) {
            scope.put(e.getKey(), e.getValue());
        }
        frame.variables = scope;
        frame.variableBytes = frameBytes;
    }
}
