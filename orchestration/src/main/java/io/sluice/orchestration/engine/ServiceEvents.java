package io.sluice.orchestration.engine;

import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.error.StateErrorCause;

/**
 * The ids Step Functions gives an execution's history events, counted as the engine goes whether or not it records
 * history, so that a failure can name the event its state was entered at as AWS does ({@link #located}).
 *
 * <p>The events counted are those AWS's recorded histories show (LocalStack's {@code aws.validated} snapshots, e.g.
 * {@code tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json}): ExecutionStarted (or
 * ExecutionRedriven); every state's StateEntered and, when it leaves, StateExited; a Task's TaskScheduled and
 * TaskStarted, TaskSubmitted for {@code .sync} and {@code .waitForTaskToken}, then TaskSucceeded, TaskFailed or
 * TaskTimedOut; a Parallel's and a Map's own events ({@link ForkEvents}: started, each iteration, aborted children, and
 * succeeded or, unless retried, failed — a Parallel that succeeds shows ParallelStateSucceeded too: LocalStack's snapshot
 * transformer drops it from the listing, but the ids keep its place, test_parallel_state's ParallelStateExited is #19
 * after 17 events); a distributed Map's MapRunStarted, then MapRunSucceeded or MapRunFailed. Retries show no event of
 * their own.
 * Where branches or iterations run side by side, AWS's order of their events is its own; the count follows the
 * engine's.
 */
final class ServiceEvents {
    private ServiceEvents() {}

    static void count(Step s, int events) {
        s.execution.countServiceEvents(events);
    }

    /** The state's StateEntered. */
    static void entered(Step s, Frame f) {
        f.enteredEvent = s.execution.countServiceEvents(1);
    }

    /** TaskScheduled and TaskStarted, and TaskSubmitted when the state waits for a job or a token. */
    static void taskDispatched(Step s, TaskResource.IntegrationPattern pattern) {
        s.execution.countServiceEvents(pattern == TaskResource.IntegrationPattern.REQUEST_RESPONSE ? 2 : 3);
    }

    /**
     * The cause of an error the engine raised while executing a state, as AWS words it: a States.Runtime or
     * States.QueryEvaluationError names the state and the event it was entered at ({@link StateErrorCause}); any
     * other error (States.DataLimitExceeded, a Choice with no match) keeps its cause.
     */
    static String located(Frame f, String error, String cause) {
        if (ErrorNames.RUNTIME.equals(error) || ErrorNames.QUERY_EVALUATION_ERROR.equals(error)) {
            return StateErrorCause.located(f.state(), f.enteredEvent, cause);
        }
        return cause;
    }
}
