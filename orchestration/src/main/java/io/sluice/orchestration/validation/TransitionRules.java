package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** Next and End: where each state goes, and the edges the reachability walk follows. */
final class TransitionRules {
    private TransitionRules() {}

    static void check(StateContext state) {
        Report report = state.report();
        JsonNode next = state.get("Next");
        JsonNode end = state.get("End");
        if (!state.type().flowsOn()) {
            return; // a Choice, Succeed or Fail state with Next or End is reported as a field it does not allow
        }
        if (end != null && !(end.isBoolean() && end.asBoolean())) {
            report.error(state.at("End"), "End must be true when present, but is " + Fields.describe(end)
                    + "; to go on to another state, use Next instead.");
        }
        boolean ends = end != null && end.isBoolean() && end.asBoolean();
        if (next != null && ends) {
            report.error(state.pointer(), "A " + state.type().text() + " state must have either Next or \"End\": true,"
                    + " not both.");
        } else if (next == null && end == null) {
            report.error(state.pointer(), "A " + state.type().text() + " state needs either Next, naming the state"
                    + " that follows, or \"End\": true.");
        }
        if (next != null) {
            state.machine().checkTarget(report, state.at("Next"), "Next", next);
        }
    }

    /** The names a state may go to: Next, Default, each Choice rule's Next and each catcher's Next. */
    static List<String> targets(JsonNode state) {
        List<String> targets = new ArrayList<>();
        addText(targets, state.get("Next"));
        addText(targets, state.get("Default"));
        for (String list : List.of("Choices", "Catch")) {
            JsonNode entries = state.get(list);
            if (entries != null && entries.isArray()) {
                entries.forEach(entry -> addText(targets, entry.get("Next")));
            }
        }
        return targets;
    }

    private static void addText(List<String> into, JsonNode value) {
        if (value != null && value.isTextual()) {
            into.add(value.asText());
        }
    }
}
