package io.sluice.functions.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.TaskToken;

/** What arrives on the orchestrator's queue. Every message names the execution it is for. */
public sealed interface OrchestratorMessage {
    String executionId();

    /** A task's outcome: {@code error == null} for success. Also the form of a callback. */
    record TaskResult(String token, JsonNode output, String error, String cause) implements OrchestratorMessage {
        public String executionId() {
            return TaskToken.decode(token).executionId();
        }

        public boolean succeeded() {
            return error == null;
        }
    }

    record Heartbeat(String token) implements OrchestratorMessage {
        public String executionId() {
            return TaskToken.decode(token).executionId();
        }
    }

    record TimerFired(String executionId, String timerId) implements OrchestratorMessage {}

    record Stop(String executionId, String error, String cause) implements OrchestratorMessage {}

    record Redrive(String executionId) implements OrchestratorMessage {}

    /** Give up on an execution (a poison message): it fails with {@code error}. */
    record Abandon(String executionId, String error, String cause) implements OrchestratorMessage {}
}
