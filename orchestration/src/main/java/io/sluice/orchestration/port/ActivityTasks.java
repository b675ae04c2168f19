package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Step Functions activities: named queues of tasks that activity workers poll for (GetActivityTask), each task a Task
 * state's input and its task token, which the worker answers with SendTaskSuccess / SendTaskFailure / SendTaskHeartbeat.
 * Implementations are durable: a task handed to {@link #enqueue} survives a restart of the runtime until a worker takes it.
 */
public interface ActivityTasks {

    /** An activity: its name (the last part of its ARN) and when it was created. */
    record Activity(String name, Instant created) {}

    /** A task a worker took: the token to answer with and the state's input (JSON text). */
    record Task(String token, String input) {}

    /** Creates the activity, or returns the one of that name (CreateActivity is idempotent by name). */
    Activity create(String name, Instant now);

    Optional<Activity> find(String name);

    /** Every activity, by name. */
    List<Activity> list();

    /** Deletes the activity and its waiting tasks; false when there was none. */
    boolean delete(String name);

    /**
     * Queues a task for the activity's workers. {@code id} is the dispatch's stable id: enqueuing the same id again
     * (an outbox sent twice) queues nothing. False when the activity does not exist.
     */
    boolean enqueue(String activity, String id, Task task);

    /** Takes the oldest waiting task, waiting up to {@code wait} for one; empty when none came. */
    Optional<Task> poll(String activity, Duration wait);
}
