package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * State names must be unique across the whole definition, Parallel branches and Map item
 * processors included, as in Step Functions; a state is known by its name in history and errors.
 */
final class UniqueNames {
    private final Map<String, Pointer> seen = new HashMap<>();
    private final Report report;

    private UniqueNames(Report report) {
        this.report = report;
    }

    static void check(JsonNode definition, Report report) {
        new UniqueNames(report).machine(definition, Pointer.ROOT);
    }

    private void machine(JsonNode machine, Pointer at) {
        JsonNode states = machine == null ? null : machine.get("States");
        if (states == null || !states.isObject()) return;
        for (Map.Entry<String, JsonNode> entry : states.properties()) {
            Pointer here = at.child("States").child(entry.getKey());
            Pointer first = seen.putIfAbsent(entry.getKey(), here);
            if (first != null) {
                report.error(here, "State name '" + entry.getKey() + "' is already used at " + first + "; state names"
                        + " must be unique across the whole definition, branches and item processors included.");
            }
            nested(entry.getValue(), here);
        }
    }

    private void nested(JsonNode state, Pointer at) {
        if (!state.isObject()) return;
        JsonNode branches = state.get("Branches");
        if (branches != null && branches.isArray()) {
            for (int i = 0; i < branches.size(); i++) {
                machine(branches.get(i), at.child("Branches").child(i));
            }
        }
        for (String field : List.of("ItemProcessor", "Iterator")) {
            if (state.get(field) != null) {
                machine(state.get(field), at.child(field));
            }
        }
    }
}
