package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The type of each state of a definition by name, branches and Map processors included (ASL state names are unique in
 * the whole machine), so history events can be named as the service names them ({@code TaskStateEntered}, ...).
 */
final class StateTypes {
    private final Map<String, String> types = new HashMap<>();
    private final Map<String, String> resources = new HashMap<>();
    private final Map<String, JsonNode> definitions = new HashMap<>();

    private StateTypes() {}

    static StateTypes of(String definition) {
        StateTypes t = new StateTypes();
        try {
            t.walk(Json.parse(definition));
        } catch (IllegalArgumentException e) {
            // An unreadable definition names no types: every state is shown as a Pass state.
        }
        return t;
    }

    private void walk(JsonNode machine) {
        JsonNode states = machine.path("States");
        for (Iterator<Map.Entry<String, JsonNode>> it = states.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode state = e.getValue();
            types.put(e.getKey(), state.path("Type").asText("Pass"));
            definitions.put(e.getKey(), state);
            if (state.path("Resource").isTextual()) {
                resources.put(e.getKey(), state.get("Resource").asText());
            }
            state.path("Branches").forEach(this::walk);
            for (String processor : new String[] {"Iterator", "ItemProcessor"}) {
                if (state.has(processor)) {
                    walk(state.get(processor));
                }
            }
        }
    }

    /** {@code Task}, {@code Choice}, ...; {@code Pass} for a name the definition does not have. */
    String type(String state) {
        return types.getOrDefault(state, "Pass");
    }

    /** A whole-number field of the state ({@code TimeoutSeconds}, {@code HeartbeatSeconds}), or {@code null}. */
    Long seconds(String state, String field) {
        JsonNode v = definitions.getOrDefault(state, Json.object()).path(field);
        return v.isIntegralNumber() ? v.asLong() : null;
    }

    /** Whether the state is a Task on a Step Functions activity ({@code arn:aws:states:<region>:<account>:activity:<name>}). */
    boolean activity(String state) {
        String r = resources.get(state);
        return r != null && r.startsWith("arn:aws:states:") && r.contains(":activity:");
    }

    /** The Task state's Resource, or {@code null}. */
    String resource(String state) {
        return resources.get(state);
    }
}
