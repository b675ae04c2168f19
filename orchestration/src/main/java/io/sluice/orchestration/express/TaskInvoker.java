package io.sluice.orchestration.express;

import io.sluice.orchestration.engine.Command.DispatchTask;

/** Runs a task in-process for the express runner: a function of the bundle, a mock, a test double. */
@FunctionalInterface
public interface TaskInvoker {
    /** Runs the task and reports its outcome; it must not throw for a task failure, it returns one. */
    TaskOutcome invoke(DispatchTask task);
}
