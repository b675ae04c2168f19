package io.sluice.orchestration.integration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.json.Json;

/**
 * What Step Functions' {@code arn:aws:states:::lambda:invoke} integration returns around a function's
 * result. The host that calls the function (the worker harness) builds it; the engine takes a task's result as
 * the integration's response whatever the resource, so a mocked {@code lambda:invoke} response is the
 * state's result exactly as mocked, as in Step Functions Local.
 */
public final class LambdaInvoke {
    private LambdaInvoke() {}

    /**
     * Whether a task of {@code resource} run by {@code function} returns the function's result, which the host wraps as
     * {@link #response}: a {@code lambda:invoke} of a function it runs itself; not one the
     * {@value TaskResource#INTEGRATIONS_FUNCTION} function called through Lambda's Invoke API, which answers the whole response.
     */
    public static boolean wrapsResult(String resource, String function) {
        return !TaskResource.INTEGRATIONS_FUNCTION.equals(function) && TaskResource.read(resource).filter(TaskResource::lambdaInvoke).isPresent();
    }

    public static ObjectNode response(JsonNode payload) {
        ObjectNode envelope = Json.object();
        envelope.put("ExecutedVersion", "$LATEST");
        envelope.set("Payload", payload == null ? Json.NODES.nullNode() : payload);
        envelope.put("StatusCode", 200);
        return envelope;
    }
}
