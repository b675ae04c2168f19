package io.sluice.functions.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.TaskToken;

/**
 * What arrives on the orchestrator's queue. Every message names the execution it is for, and may carry the W3C
 * {@code traceparent} of the span that caused it ({@link Traceparent}; null when not traced):
 * an optional field, so every reader of the format's version reads it or ignores it.
 */
public sealed interface OrchestratorMessage {
    String executionId();

    /** The span that sent this message, as a W3C traceparent; null when it was not traced. */
    String traceparent();

    /** A task's outcome: {@code error == null} for success. Also the form of a callback. */
    record TaskResult(String token, JsonNode output, String error, String cause, String traceparent) implements OrchestratorMessage {
        public TaskResult(String token, JsonNode output, String error, String cause) {
            this(token, output, error, cause, null);
        }

        public String executionId() {
            return TaskToken.executionIdOf(token);
        }

        public boolean succeeded() {
            return error == null;
        }
    }

    record Heartbeat(String token, String traceparent) implements OrchestratorMessage {
        public Heartbeat(String token) {
            this(token, null);
        }

        public String executionId() {
            return TaskToken.executionIdOf(token);
        }
    }

    record TimerFired(String executionId, String timerId, String traceparent) implements OrchestratorMessage {
        public TimerFired(String executionId, String timerId) {
            this(executionId, timerId, null);
        }
    }

    record Stop(String executionId, String error, String cause, String traceparent) implements OrchestratorMessage {
        public Stop(String executionId, String error, String cause) {
            this(executionId, error, cause, null);
        }
    }

    record Redrive(String executionId, String traceparent) implements OrchestratorMessage {
        public Redrive(String executionId) {
            this(executionId, null);
        }
    }

    /** Give up on an execution (a poison message): it fails with {@code error}. */
    record Abandon(String executionId, String error, String cause, String traceparent) implements OrchestratorMessage {
        public Abandon(String executionId, String error, String cause) {
            this(executionId, error, cause, null);
        }
    }
}
