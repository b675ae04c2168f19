package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.List;

/**
 * One state machine being validated: the top-level one, a Parallel branch or a Map item
 * processor. Transitions may only name states of the same machine.
 *
 * @param kind   what to call it in messages: "state machine", "branch", "item processor"
 * @param names  its state names, in definition order
 * @param parent the enclosing machine, or {@code null} at the top
 * @param jsonata whether its states use JSONata unless they say otherwise: the top level's
 *                QueryLanguage, which nested machines inherit
 * @param assigned the variable names its own states assign
 */
record Machine(String kind, List<String> names, Machine parent, boolean jsonata, java.util.Set<String> assigned) {
    private static final int LISTED_NAMES = 20;

    /**
     * This machine as the enclosing scope of the branches or item processor of {@code state}, one of its states: the
     * names that only the catchers of that state assign do not count, for the catcher assigns them after its branches
     * end. AWS runs a Parallel whose catcher assigns a name its branch assigns too (LocalStack's snapshot
     * test_error_output::test_parallel_catch_error[PARALLEL_CATCH_ERROR_VARIABLE_SAMPLING], recorded against AWS).
     */
    Machine enclosing(JsonNode state) {
        java.util.Set<String> own = QueryRules.assignedBy(Json.NODES.objectNode().set("s", state));
        JsonNode plain = state.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) plain).remove("Catch");
        own.removeAll(QueryRules.assignedBy(Json.NODES.objectNode().set("s", plain)));
        if (own.isEmpty()) {
            return this;
        }
        java.util.Set<String> rest = new java.util.HashSet<>(assigned);
        rest.removeAll(own);
        return new Machine(kind, names, parent, jsonata, rest);
    }

    /** Whether an enclosing machine (an outer variable scope) assigns {@code name}. */
    boolean assignedOutside(String name) {
        for (Machine m = parent; m != null; m = m.parent) {
            if (m.assigned.contains(name)) return true;
        }
        return false;
    }

    boolean has(String name) {
        return names.contains(name);
    }

    /**
     * Checks that {@code value}, the field {@code field} at {@code at}, names a state of this machine.
     * Reports a missing state with the names that do exist, and a jump out of a branch as such.
     */
    void checkTarget(Report report, Pointer at, String field, JsonNode value) {
        if (!value.isTextual()) {
            report.error(at, field + " must be a string naming a state, but is " + Fields.describe(value) + ".");
            return;
        }
        String target = value.asText();
        if (has(target)) {
            return;
        }
        if (inEnclosing(target)) {
            report.error(at, field + " names state '" + target + "', which is outside this " + kind
                    + "; a state can only go to states of its own " + kind + ": " + listing() + ".");
        } else {
            report.error(at, field + " names state '" + target + "', which does not exist; states are: "
                    + listing() + ".");
        }
    }

    private boolean inEnclosing(String name) {
        for (Machine m = parent; m != null; m = m.parent) {
            if (m.has(name)) return true;
        }
        return false;
    }

    /** The state names for a message, cut short for very large machines. */
    String listing() {
        if (names.isEmpty()) return "(none)";
        if (names.size() <= LISTED_NAMES) return String.join(", ", names);
        return String.join(", ", names.subList(0, LISTED_NAMES)) + " and " + (names.size() - LISTED_NAMES) + " more";
    }
}
