package io.sluice.orchestration.express;

import com.fasterxml.jackson.databind.JsonNode;

/** How a task ended. */
public sealed interface TaskOutcome {
    record Success(JsonNode output) implements TaskOutcome {}

    record Failure(String error, String cause) implements TaskOutcome {}

    static TaskOutcome success(JsonNode output) {
        return new Success(output);
    }

    static TaskOutcome failure(String error, String cause) {
        return new Failure(error, cause);
    }
}
