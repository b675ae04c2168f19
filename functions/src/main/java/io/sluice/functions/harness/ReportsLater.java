package io.sluice.functions.harness;

/**
 * A task function whose task, for some tasks, ends later than the function returns: it starts
 * something durable (a child execution for {@code states:startExecution.sync}, a map run) whose end
 * reports the outcome with the task token, as a {@code .waitForTaskToken} callback does. The harness
 * then stores and replays the task as started, and sends no result; a function that throws still fails
 * the task at once.
 */
public interface ReportsLater extends TaskAware {

    /** Whether the outcome of {@code task} is reported later, by someone holding its token. */
    boolean reportsLater(TaskContext task);
}
