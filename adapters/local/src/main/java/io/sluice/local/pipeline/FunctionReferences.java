package io.sluice.local.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The functions a valid definition's Task states call, each with the pointer of its {@code Resource},
 * through Parallel branches and Map processors. A function named only at run time
 * ({@code FunctionName.$} of {@code lambda:invoke}) is not listed.
 */
final class FunctionReferences {
    record Reference(String pointer, String function) {}

    private FunctionReferences() {}

    static List<Reference> of(JsonNode definition) {
        List<Reference> out = new ArrayList<>();
        machine(definition, "", out);
        return out;
    }

    private static void machine(JsonNode machine, String pointer, List<Reference> out) {
        for (Map.Entry<String, JsonNode> e : machine.path("States").properties()) {
            String at = pointer + "/States/" + escape(e.getKey());
            JsonNode state = e.getValue();
            switch (state.path("Type").asText()) {
                case "Task" -> task(state, at, out);
                case "Parallel" -> {
                    for (int i = 0; i < state.path("Branches").size(); i++) {
                        machine(state.get("Branches").get(i), at + "/Branches/" + i, out);
                    }
                }
                case "Map" -> {
                    String field = state.has("ItemProcessor") ? "ItemProcessor" : "Iterator";
                    machine(state.path(field), at + "/" + field, out);
                }
                default -> { }
            }
        }
    }

    private static void task(JsonNode state, String at, List<Reference> out) {
        TaskResource resource = TaskResource.parse(state.path("Resource").asText());
        if (resource.function() != null) {
            out.add(new Reference(at + "/Resource", resource.function()));
            return;
        }
        JsonNode literal = state.path("Parameters").path("FunctionName");
        String function = literal.isTextual() ? TaskResource.lambdaFunctionName(literal.asText()) : null;
        if (function != null) {
            out.add(new Reference(at + "/Parameters/FunctionName", function));
        }
    }

    /** RFC 6901: {@code ~} and {@code /} in a state name. */
    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
