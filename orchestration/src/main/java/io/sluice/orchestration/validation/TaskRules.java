package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import java.util.Optional;

/**
 * Task states: the Resource, read by the same {@link TaskResource} the parser uses, so the two agree
 * on every form; and the timeout and heartbeat pairs.
 */
final class TaskRules {

    private TaskRules() {}

    static void check(StateContext state) {
        JsonNode resource = state.get("Resource");
        if (resource == null) {
            state.report().error(state.pointer(), "A Task state needs Resource, naming what to run, such as "
                    + "'sluice:function:read-config'.");
        } else {
            resource(state, resource);
        }
        Fields.notBoth(state.report(), state.pointer(), state.node(), "TimeoutSeconds", "TimeoutSecondsPath");
        Fields.notBoth(state.report(), state.pointer(), state.node(), "HeartbeatSeconds", "HeartbeatSecondsPath");
        JsonNode timeout = state.get("TimeoutSeconds");
        JsonNode heartbeat = state.get("HeartbeatSeconds");
        if (timeout != null && heartbeat != null && Fields.isInteger(timeout) && Fields.isInteger(heartbeat)
                && heartbeat.asLong() >= timeout.asLong()) {
            state.report().error(state.at("HeartbeatSeconds"), "HeartbeatSeconds (" + heartbeat.asLong()
                    + ") must be less than TimeoutSeconds (" + timeout.asLong() + ").");
        }
    }

    private static void resource(StateContext state, JsonNode resource) {
        Pointer at = state.at("Resource");
        if (!resource.isTextual()) {
            state.report().error(at, "Resource must be a string, one of " + TaskResource.ACCEPTED_FORMS + "; but is "
                    + Fields.describe(resource) + ".");
            return;
        }
        String text = resource.asText();
        Optional<TaskResource> read = TaskResource.read(text);
        if (read.isEmpty()) {
            state.report().error(at, unknownForm(text));
            return;
        }
        if (read.get().kind() == TaskResource.Kind.LAMBDA_INVOKE) {
            requireFunctionName(state, text);
        }
        Platform platform = state.report().platform();
        if (IntegrationCatalog.support(read.get(), platform) instanceof IntegrationCatalog.Support.Unavailable u) {
            state.report().warning(at, "State '" + state.pointer().last() + "' cannot run on platform " + platform.id()
                    + ": Resource '" + text + "'. " + u.reason() + " Run there, it fails with " + IntegrationCatalog.UNAVAILABLE + ".");
        }
    }

    private static String unknownForm(String text) {
        if (text.contains("${")) {
            return "Resource '" + Fields.shorten(text) + "' holds a ${...} placeholder (a SAM or CloudFormation"
                    + " DefinitionSubstitution); substitute it with the ARN it stands for, then validate the result.";
        }
        return "Resource '" + Fields.shorten(text) + "' is not a Resource form Step Functions or Sluice accepts; expected "
                + TaskResource.ACCEPTED_FORMS + ".";
    }

    private static void requireFunctionName(StateContext state, String resource) {
        String field = state.jsonata() ? "Arguments" : "Parameters";
        JsonNode arguments = state.get(field);
        if (state.jsonata() && Fields.isExpression(arguments)) {
            return; // computed at run time
        }
        boolean named = arguments != null && arguments.isObject()
                && (arguments.has("FunctionName") || arguments.has("FunctionName.$"));
        if (!named) {
            state.report().error(arguments == null ? state.pointer() : state.at(field), "Resource '" + resource
                    + "' needs " + field + ".FunctionName" + (state.jsonata() ? "" : " (or FunctionName.$)")
                    + " naming the function to call.");
        }
    }
}
