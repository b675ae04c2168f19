package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;

/** Builds the context object ({@code $$}) a state's paths and templates may read. */
final class ContextObject {
    private ContextObject() {}

    static ObjectNode of(Step step, Frame frame) {
        Execution ex = step.execution;
        ObjectNode root = Json.object();
        ObjectNode execution = root.putObject("Execution");
        execution.put("Id", ex.id());
        execution.set("Input", ex.input());
        execution.put("Name", ex.name());
        execution.put("StartTime", ex.startTime().toString());
        ObjectNode machine = root.putObject("StateMachine");
        machine.put("Id", ex.definitionHash());
        if (ex.machine() != null) {
            machine.put("Name", ex.machine());
        }
        ObjectNode state = root.putObject("State");
        state.put("Name", frame.state());
        state.put("EnteredTime", frame.enteredTime().toString());
        state.put("RetryCount", frame.attempt());
        return root;
    }

    static ObjectNode withTask(ObjectNode context, TaskToken token) {
        context.putObject("Task").put("Token", token.encode());
        return context;
    }

    static ObjectNode withMapItem(ObjectNode context, int index, JsonNode value) {
        ObjectNode item = context.putObject("Map").putObject("Item");
        item.put("Index", index);
        item.set("Value", value);
        return context;
    }

    /** The context when the state uses it, else an empty object (cheap for the common case). */
    static JsonNode ifUsed(Step step, Frame frame, boolean used) {
        return used ? of(step, frame) : EMPTY;
    }

    private static final JsonNode EMPTY = Json.object();
}
