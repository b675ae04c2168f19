package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Pattern;

/** Task states: the Resource forms Sluice can run, and the timeout and heartbeat pairs. */
final class TaskRules {
    private static final Pattern SLUICE_FUNCTION =
            Pattern.compile("sluice:function:[A-Za-z0-9_-]+(\\.sync|\\.waitForTaskToken)?");
    private static final Pattern LAMBDA_FUNCTION =
            Pattern.compile("arn:aws:lambda:[a-z0-9-]+:\\d{12}:function:[A-Za-z0-9_-]+(:[A-Za-z0-9_$-]+)?");
    private static final Pattern LAMBDA_INVOKE =
            Pattern.compile("arn:aws:states:::lambda:invoke(\\.waitForTaskToken)?");
    private static final String SERVICE_INTEGRATION = "arn:aws:states:::";
    private static final String ACCEPTED_FORMS = "sluice:function:<name> (optionally ending in .sync or .waitForTaskToken), "
            + "arn:aws:lambda:<region>:<account>:function:<name>[:<alias>], "
            + "arn:aws:states:::lambda:invoke[.waitForTaskToken] with Parameters.FunctionName, "
            + "or another arn:aws:states:::<service>:<action> integration (AWS only)";

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
            state.report().error(at, "Resource must be a string, one of " + ACCEPTED_FORMS + "; but is "
                    + Fields.describe(resource) + ".");
            return;
        }
        String text = resource.asText();
        if (SLUICE_FUNCTION.matcher(text).matches() || LAMBDA_FUNCTION.matcher(text).matches()) {
            return;
        }
        if (LAMBDA_INVOKE.matcher(text).matches()) {
            requireFunctionName(state, text);
        } else if (text.startsWith(SERVICE_INTEGRATION) && text.length() > SERVICE_INTEGRATION.length()) {
            state.report().warning(at, "Resource '" + text + "' is an AWS service integration; it runs only on AWS,"
                    + " not locally or on Azure. Use sluice:function:<name> to run a function of the bundle everywhere.");
        } else {
            state.report().error(at, "Resource '" + Fields.shorten(text) + "' is not a form Sluice can run; expected "
                    + ACCEPTED_FORMS + ".");
        }
    }

    private static void requireFunctionName(StateContext state, String resource) {
        JsonNode parameters = state.get("Parameters");
        boolean named = parameters != null && parameters.isObject()
                && (parameters.has("FunctionName") || parameters.has("FunctionName.$"));
        if (!named) {
            state.report().error(parameters == null ? state.pointer() : state.at("Parameters"),
                    "Resource '" + resource + "' needs Parameters.FunctionName (or FunctionName.$) naming the function to call.");
        }
    }
}
