package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One line of an execution's history, as Step Functions' GetExecutionHistory has them.
 *
 * @param frame  the thread of control (0 is the top level)
 * @param state  the state name, or {@code null} for execution-level events
 * @param detail input, output, error or other facts of the event; may be {@code null}
 */
public record HistoryEvent(Instant at, Type type, int frame, String state, JsonNode detail) {

    public enum Type {
        EXECUTION_STARTED, EXECUTION_REDRIVEN, EXECUTION_SUCCEEDED, EXECUTION_FAILED, EXECUTION_TIMED_OUT, EXECUTION_ABORTED,
        STATE_ENTERED, STATE_EXITED, TASK_SCHEDULED, TASK_SUCCEEDED, TASK_FAILED, TASK_TIMED_OUT,
        TASK_RETRY_SCHEDULED, WAIT_STARTED, BRANCH_STARTED, MAP_ITERATION_STARTED, MAP_RUN_STARTED, MAP_RUN_SUCCEEDED, MAP_RUN_FAILED, CAUGHT,
        RESULT_DROPPED,
        /** A Parallel's or Map's own course ({@code ForkEvents}); a branch's and an iteration's lines name their parent frame. */
        PARALLEL_STATE_STARTED, PARALLEL_STATE_SUCCEEDED, PARALLEL_STATE_FAILED, BRANCH_FAILED,
        MAP_STATE_STARTED, MAP_STATE_SUCCEEDED, MAP_STATE_FAILED, MAP_ITERATION_SUCCEEDED, MAP_ITERATION_FAILED, MAP_ITERATION_ABORTED,
        /** A state that stood in a branch or iteration when it was stopped: a Task, Wait, Map or Parallel. */
        STATE_ABORTED,
        /** A JSONata error in a state, as the service shows it (EvaluationFailed). */
        EVALUATION_FAILED
    }
}
