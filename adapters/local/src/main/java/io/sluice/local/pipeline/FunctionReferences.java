package io.sluice.local.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The functions a valid definition's Task states call, each with the pointer of its {@code Resource},
 * through Parallel branches and Map processors. A function named only at run time
 * ({@code FunctionName.$} of {@code lambda:invoke}) is not listed.
 */
final class FunctionReferences {
    /** @param lambda whether the function is named as a Lambda function (an ARN or lambda:invoke's FunctionName), which can be mapped */
    record Reference(String pointer, String function, boolean lambda) {}

    private FunctionReferences() {}

    static List<Reference> of(JsonNode definition) {
        List<Reference> out = new ArrayList<>();
        tasks(definition, "", (at, state) -> task(state, at, out));
        return out;
    }

    /**
     * The Resources of a valid definition that cannot run on the local platform (service integrations
     * {@link IntegrationCatalog} maps to nothing here, activities), each with its pointer and the reason.
     */
    static List<Unrunnable> notRunnable(JsonNode definition) {
        List<Unrunnable> out = new ArrayList<>();
        tasks(definition, "", (at, state) -> {
            String raw = state.path("Resource").asText();
            if (IntegrationCatalog.support(TaskResource.parse(raw), Platform.LOCAL) instanceof IntegrationCatalog.Support.Unavailable u) {
                out.add(new Unrunnable(at + "/Resource", raw, u.reason()));
            }
        });
        return out;
    }

    /** A Resource that cannot run here, and why. */
    record Unrunnable(String pointer, String resource, String reason) {}

    private static void tasks(JsonNode machine, String pointer, BiConsumer<String, JsonNode> visit) {
        for (Map.Entry<String, JsonNode> e : machine.path("States").properties()) {
            String at = pointer + "/States/" + escape(e.getKey());
            JsonNode state = e.getValue();
            switch (state.path("Type").asText()) {
                case "Task" -> visit.accept(at, state);
                case "Parallel" -> {
                    for (int i = 0; i < state.path("Branches").size(); i++) {
                        tasks(state.get("Branches").get(i), at + "/Branches/" + i, visit);
                    }
                }
                case "Map" -> {
                    String field = state.has("ItemProcessor") ? "ItemProcessor" : "Iterator";
                    tasks(state.path(field), at + "/" + field, visit);
                }
                default -> { }
            }
        }
    }

    private static void task(JsonNode state, String at, List<Reference> out) {
        TaskResource resource = TaskResource.parse(state.path("Resource").asText());
        if (resource.kind() == TaskResource.Kind.SERVICE_INTEGRATION
                && IntegrationCatalog.support(resource, Platform.LOCAL) instanceof IntegrationCatalog.Support.Runs) {
            // A mapped service integration runs as the integrations function.
            out.add(new Reference(at + "/Resource", TaskResource.INTEGRATIONS_FUNCTION, false));
            return;
        }
        if (resource.function() != null) {
            boolean lambda = resource.kind() == TaskResource.Kind.FUNCTION && resource.raw().startsWith("arn:");
            out.add(new Reference(at + "/Resource", resource.function(), lambda));
            return;
        }
        if (!resource.lambdaInvoke()) {
            return;
        }
        JsonNode literal = state.path("Parameters").path("FunctionName");
        String function = literal.isTextual() ? TaskResource.lambdaFunctionName(literal.asText()) : null;
        if (function != null) {
            out.add(new Reference(at + "/Parameters/FunctionName", function, true));
        }
    }

    /** RFC 6901: {@code ~} and {@code /} in a state name. */
    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
