package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A state machine (top level, Parallel branch or Map item processor): StartAt, States, names, reachability. */
final class MachineRules {
    static final int MAX_NAME_LENGTH = 80;

    private MachineRules() {}

    /**
     * Validates one machine and, through its Parallel and Map states, every machine inside it.
     *
     * @param allowed the fields this kind of machine may have; others are reported
     */
    static void validate(JsonNode node, Pointer at, String kind, List<String> allowed, Machine parent, Report report) {
        if (!node.isObject()) {
            report.error(at, Fields.capitalise(Fields.withArticle(kind)) + " must be an object with StartAt and States,"
                    + " but is " + Fields.describe(node) + ".");
            return;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!allowed.contains(field)) {
                String machine = Fields.withArticle(kind);
                report.error(at.child(field), "Field " + field + " is not allowed in " + machine + "; " + machine
                        + " allows " + Fields.list(allowed) + ".");
            }
        }
        if (node.has("Comment")) {
            Fields.string(report, at.child("Comment"), "Comment", node.get("Comment"));
        }
        JsonNode states = states(node, at, kind, report);
        List<String> names = new ArrayList<>();
        states.fieldNames().forEachRemaining(names::add);
        boolean jsonata = parent == null ? FieldRules.isJsonata(node.get("QueryLanguage")) : parent.jsonata();
        Machine machine = new Machine(kind, List.copyOf(names), parent, jsonata, QueryRules.assignedBy(states));
        boolean startsWell = startAt(node, at, kind, machine, report);
        for (Map.Entry<String, JsonNode> state : states.properties()) {
            Pointer here = at.child("States").child(state.getKey());
            name(state.getKey(), here, report);
            StateRules.check(state.getKey(), state.getValue(), here, machine, report);
        }
        if (!states.isEmpty() && !canEnd(states)) {
            report.error(at.child("States"), "This " + kind + " has no terminal state, so it can never finish: give the"
                    + " last state \"End\": true, or add a Succeed or Fail state.");
        }
        if (startsWell) {
            unreachable(states, node.get("StartAt").asText(), at, machine, report);
        }
    }

    /**
     * Whether some state may end the machine. A state whose Type or transition is already reported
     * as wrong counts as one, so a single mistake is not reported twice.
     */
    private static boolean canEnd(JsonNode states) {
        for (JsonNode state : states) {
            JsonNode typeNode = state.get("Type");
            StateType type = typeNode != null && typeNode.isTextual() ? StateType.of(typeNode.asText()).orElse(null) : null;
            if (!state.isObject() || type == null || type == StateType.SUCCEED || type == StateType.FAIL
                    || state.has("End") || (type.flowsOn() && !state.has("Next"))) {
                return true;
            }
        }
        return false;
    }

    /** The States object, or an empty one after reporting why there is none. */
    private static JsonNode states(JsonNode node, Pointer at, String kind, Report report) {
        JsonNode states = node.get("States");
        if (states == null) {
            report.error(at, Fields.capitalise(Fields.withArticle(kind)) + " needs States, an object whose fields are the named states.");
        } else if (!states.isObject()) {
            report.error(at.child("States"), "States must be an object whose fields are the named states, but is "
                    + Fields.describe(states) + ".");
        } else if (states.isEmpty()) {
            report.error(at.child("States"), "States must have at least one state.");
        } else {
            return states;
        }
        return Json.object();
    }

    private static boolean startAt(JsonNode node, Pointer at, String kind, Machine machine, Report report) {
        JsonNode start = node.get("StartAt");
        if (start == null) {
            report.error(at, Fields.capitalise(Fields.withArticle(kind)) + " needs StartAt, naming its first state.");
            return false;
        }
        int before = report.size();
        if (!machine.names().isEmpty() || !start.isTextual()) {
            machine.checkTarget(report, at.child("StartAt"), "StartAt", start);
        }
        return report.size() == before && machine.has(start.asText());
    }

    private static void name(String name, Pointer at, Report report) {
        int length = name.codePointCount(0, name.length());
        if (length == 0) {
            report.error(at, "A state name must not be empty.");
        } else if (length > MAX_NAME_LENGTH) {
            report.error(at, "State name '" + Fields.shorten(name) + "' is " + length + " characters long; a state name"
                    + " may have at most " + MAX_NAME_LENGTH + ".");
        }
    }

    private static void unreachable(JsonNode states, String start, Pointer at, Machine machine, Report report) {
        Set<String> reached = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            String name = todo.pop();
            JsonNode state = states.get(name);
            if (!reached.add(name) || state == null || !state.isObject()) continue;
            for (String target : TransitionRules.targets(state)) {
                if (machine.has(target) && !reached.contains(target)) todo.push(target);
            }
        }
        for (String name : machine.names()) {
            if (!reached.contains(name)) {
                report.warning(at.child("States").child(name), "State '" + name + "' can never run: no Next, Default,"
                        + " Choice rule or Catch leads to it from StartAt '" + start + "'.");
            }
        }
    }
}
