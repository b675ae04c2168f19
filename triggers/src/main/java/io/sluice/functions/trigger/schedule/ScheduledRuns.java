package io.sluice.functions.trigger.schedule;

import io.sluice.orchestration.port.ExecutionStore;

/** What the overlap policies ask before a fire: is a run this schedule started still going? */
@FunctionalInterface
public interface ScheduledRuns {
    int RUNNING_LOOKUP = 1000;

    /**
     * Whether an execution of {@code pipeline} that this schedule started is RUNNING: one whose name is
     * {@code namePrefix} followed by a scheduled time ({@link ScheduleKey#namedWith}).
     */
    boolean anyRunning(String pipeline, String namePrefix);

    /** Asks the execution store (its newest {@value #RUNNING_LOOKUP} running executions of the pipeline). */
    static ScheduledRuns in(ExecutionStore store) {
        return (pipeline, namePrefix) -> store.list(pipeline, "RUNNING", RUNNING_LOOKUP).stream()
                .anyMatch(e -> ScheduleKey.namedWith(namePrefix, e.name()));
    }
}
