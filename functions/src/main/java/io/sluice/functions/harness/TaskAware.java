package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import java.util.function.Function;

/**
 * A task function that needs to know which task it runs: one whose effect is keyed by the task
 * token (a job run's client token) or that reports later with it (a {@code .waitForTaskToken}
 * task). The harness calls {@link #apply(JsonNode, TaskContext)}; it is still a plain
 * {@code Function<JsonNode, JsonNode>} bean for every host, and called as one it reads the token
 * from the payload's {@code TaskToken}.
 */
public interface TaskAware extends Function<JsonNode, JsonNode> {

    JsonNode apply(JsonNode input, TaskContext task);

    @Override
    default JsonNode apply(JsonNode input) {
        return apply(input, TaskContext.fromPayload(input, IntegrationPattern.REQUEST_RESPONSE));
    }
}
