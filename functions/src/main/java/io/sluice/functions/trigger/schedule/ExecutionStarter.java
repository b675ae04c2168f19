package io.sluice.functions.trigger.schedule;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the {@link ScheduleFirer} needs of the orchestrator: start an execution idempotently by name,
 * and tell whether a schedule's previous run is still going. {@link OrchestratorStarter} is the real
 * one; tests use a recording one.
 */
public interface ExecutionStarter {

    /** How a start ended. Starting a name that exists is an expected outcome (a doubled tick), not an error. */
    enum Outcome {
        STARTED,
        /** An execution of that name exists already: nothing new started. */
        EXISTED,
        /** It cannot start (e.g. the pipeline is unknown); firing again would not help. */
        REJECTED
    }

    /** Starts {@code pipeline}'s execution {@code executionName} unless one of that name exists. Throws on a transient failure. */
    Outcome start(String pipeline, String executionName, JsonNode input);

    /**
     * Whether an execution of {@code pipeline} that this schedule started is RUNNING: one whose name is
     * {@code namePrefix} followed by a scheduled time ({@link ScheduleKey#namedWith}).
     */
    boolean anyRunning(String pipeline, String namePrefix);
}
