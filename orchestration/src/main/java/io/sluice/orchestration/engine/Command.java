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
     * @param function         the function to run it: the one the Resource (or lambda:invoke's FunctionName) names,
     *                         {@value io.sluice.orchestration.definition.TaskResource#INTEGRATIONS_FUNCTION} for a
     *                         service integration, or {@code null} when nothing names one (an activity, a
     *                         FunctionName such as a left {@code ${Placeholder}}): a mock still answers it, and a
     *                         host fails it with a named error
     * @param timeoutSeconds   the task's timeout, or {@code null}; the interpreter keeps its own timer
     * @param heartbeatSeconds the heartbeat interval the task must keep, or {@code null}
     * @param heartbeatTimerId the timer that fires when the heartbeats stop, or {@code null}: a worker
     *                         renews it (a {@link StartTimer#renewable()} one) while the task runs
     * @param lambdaParameters for {@code lambda:invoke}, its parameters but {@code Payload} (which is {@code payload}):
     *                         {@code FunctionName} as written, {@code Qualifier}, {@code InvocationType},
     *                         {@code ClientContext}, {@code LogType}; what a host needs to call a Lambda function
     *                         outside its bundle as Step Functions calls it. {@code null} for every other task
     */
    record DispatchTask(TaskToken token, String resource, String function, IntegrationPattern pattern, JsonNode payload,
                        String stateName, int attempt, Integer timeoutSeconds, Integer heartbeatSeconds,
                        String heartbeatTimerId, JsonNode credentials, JsonNode lambdaParameters) implements Command {
        /** A task that is no {@code lambda:invoke}. */
        public DispatchTask(TaskToken token, String resource, String function, IntegrationPattern pattern, JsonNode payload,
                            String stateName, int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId,
                            JsonNode credentials) {
            this(token, resource, function, pattern, payload, stateName, attempt, timeoutSeconds, heartbeatSeconds, heartbeatTimerId,
                    credentials, null);
        }

        /** A task without Credentials. */
        public DispatchTask(TaskToken token, String resource, String function, IntegrationPattern pattern, JsonNode payload,
                            String stateName, int attempt, Integer timeoutSeconds, Integer heartbeatSeconds, String heartbeatTimerId) {
            this(token, resource, function, pattern, payload, stateName, attempt, timeoutSeconds, heartbeatSeconds, heartbeatTimerId, null);
        }
    }

    /**
     * Deliver {@link Event.TimerFired} with {@code timerId} at {@code dueAt}; starting a timer id
     * again moves it. A {@code renewable} timer (a heartbeat's) is moved by workers without the
     * engine, so it must live where it can be moved by id (the TimerIndex), not in a queue's delay.
     */
    record StartTimer(String timerId, Instant dueAt, boolean renewable) implements Command {
        public StartTimer(String timerId, Instant dueAt) {
            this(timerId, dueAt, false);
        }
    }

    /** A timer started earlier is no longer wanted (delivering it anyway is harmless). */
    record CancelTimer(String timerId) implements Command {}

    /** The execution reached a terminal status; emit its completion event and alert on failure. */
    record ExecutionFinished(String executionId, ExecutionStatus status, JsonNode output, String error,
                             String cause) implements Command {}
}
