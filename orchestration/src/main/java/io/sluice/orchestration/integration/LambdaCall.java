package io.sluice.orchestration.integration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.json.Json;
import java.util.List;
import java.util.Optional;

/**
 * A Task's call of a Lambda function as Lambda's Invoke API takes it: what {@code arn:aws:states:::lambda:invoke}'s
 * parameters name ({@code FunctionName} as written, {@code Payload}, {@code Qualifier}, {@code InvocationType},
 * {@code ClientContext}, {@code LogType}), or what a Task whose Resource is the function's ARN does (that ARN, the
 * state's effective input as the payload). A host that calls functions outside its bundle (the AWS host, with the Lambda
 * SDK) takes it as the parameters of its {@code integrations} task ({@link #parameters()}, {@link #read}).
 *
 * @param optimized whether the Resource is {@code lambda:invoke}, whose result Step Functions wraps
 *                  ({@code ExecutedVersion}, {@code Payload}, {@code StatusCode}, ...); a Lambda ARN's is the function's
 *                  result itself ("Invoke an AWS Lambda function with Step Functions" in the Step Functions developer guide)
 */
public record LambdaCall(String functionName, JsonNode payload, String qualifier, String invocationType, String clientContext,
                         String logType, boolean optimized) {
    /** The parameters of {@code lambda:invoke} Step Functions passes on to Lambda's Invoke API, but {@code Payload}. */
    public static final List<String> INVOKE_PARAMETERS = List.of("FunctionName", "Qualifier", "InvocationType", "ClientContext", "LogType");

    /** The call {@code task} makes, if it calls a Lambda function by {@code lambda:invoke} or by a Lambda ARN; empty for any other. */
    public static Optional<LambdaCall> of(DispatchTask task) {
        TaskResource resource = TaskResource.read(task.resource()).orElse(null);
        if (resource == null || task.function() == null) {
            return Optional.empty();
        }
        if (resource.lambdaInvoke()) {
            JsonNode p = task.lambdaParameters() == null ? Json.object() : task.lambdaParameters();
            String name = text(p, "FunctionName");
            return Optional.of(new LambdaCall(name == null ? task.function() : name, task.payload(), text(p, "Qualifier"),
                    text(p, "InvocationType"), text(p, "ClientContext"), text(p, "LogType"), true));
        }
        if (resource.kind() == TaskResource.Kind.FUNCTION && resource.raw().startsWith("arn:")) {
            return Optional.of(new LambdaCall(resource.raw(), task.payload(), null, null, null, null, false));
        }
        return Optional.empty();
    }

    /** Whether {@code resource} is a Lambda form a host may call outside its bundle: {@code lambda:invoke} or a Lambda ARN. */
    public static boolean callsLambda(String resource) {
        return TaskResource.read(resource).map(r -> r.lambdaInvoke() || r.kind() == TaskResource.Kind.FUNCTION && r.raw().startsWith("arn:"))
                .orElse(false);
    }

    /** As the parameters of Lambda's Invoke API, in Step Functions' PascalCase: what {@link #read} reads back. */
    public ObjectNode parameters() {
        ObjectNode p = Json.object();
        p.put("FunctionName", functionName);
        p.set("Payload", payload == null ? Json.NODES.nullNode() : payload);
        if (qualifier != null) p.put("Qualifier", qualifier);
        if (invocationType != null) p.put("InvocationType", invocationType);
        if (clientContext != null) p.put("ClientContext", clientContext);
        if (logType != null) p.put("LogType", logType);
        return p;
    }

    /**
     * The call {@code parameters} describe, for the Task's {@code resource}.
     *
     * @throws IllegalArgumentException naming the field, when {@code FunctionName} is missing or a field is not text
     */
    public static LambdaCall read(JsonNode parameters, String resource) {
        if (parameters == null || !parameters.isObject()) {
            throw new IllegalArgumentException("a Lambda call's parameters: expected an object with FunctionName and Payload, got "
                    + (parameters == null ? "nothing" : parameters.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        for (String field : INVOKE_PARAMETERS) {
            JsonNode v = parameters.get(field);
            if (v != null && !v.isNull() && !v.isTextual()) {
                throw new IllegalArgumentException("a Lambda call's " + field + ": expected a string, got " + v);
            }
        }
        String name = text(parameters, "FunctionName");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a Lambda call's FunctionName: expected a function name, ARN or partial ARN, got nothing");
        }
        boolean optimized = TaskResource.read(resource).map(TaskResource::lambdaInvoke).orElse(false);
        return new LambdaCall(name, parameters.get("Payload"), text(parameters, "Qualifier"), text(parameters, "InvocationType"),
                text(parameters, "ClientContext"), text(parameters, "LogType"), optimized);
    }

    private static String text(JsonNode p, String field) {
        JsonNode v = p.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
