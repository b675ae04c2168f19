package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import java.time.Instant;

/** What the host must do after a transition is committed. */
public sealed interface Command {
    /**
     * Invoke {@code function} with {@code payload}; report the outcome with {@code token}.
     *
     * @param resource         the state's Resource as written
     *
     * @param timeoutSeconds   the task's timeout, or {@code null}; the interpreter keeps its own timer
     * @param heartbeatSeconds the heartbeat interval the task must keep, or {@code null}
     */
    record DispatchTask(TaskToken token, String resource, String function, IntegrationPattern pattern, JsonNode payload,
                        String stateName, int attempt, Integer timeoutSeconds, Integer heartbeatSeconds) implements Command {}

    /** Deliver {@link Event.TimerFired} with {@code timerId} at {@code dueAt}. */
    record StartTimer(String timerId, Instant dueAt) implements Command {}

    /** A timer started earlier is no longer wanted (delivering it anyway is harmless). */
    record CancelTimer(String timerId) implements Command {}

    /** The execution reached a terminal status; emit its completion event and alert on failure. */
    record ExecutionFinished(String executionId, ExecutionStatus status, JsonNode output, String error,
                             String cause) implements Command {}
}
