package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Step Functions activities: named queues of tasks that activity workers poll for (GetActivityTask), each task a Task
 * state's input and its task token, which the worker answers with SendTaskSuccess / SendTaskFailure / SendTaskHeartbeat.
 * Implementations are durable: a task handed to {@link #enqueue} survives a restart of the runtime until a worker takes it.
 *
 * <p>Activities belong to a tenant: the names this port stores are {@link #scoped scoped} ({@code <tenant>/<name>}, or the
 * bare name for the platform's own pipelines and a host without tenants), so one tenant's Task states queue to, and its
 * workers poll, only that tenant's activities, though every tenant's ARNs read {@code ...:activity:<name>}.
 */
public interface ActivityTasks {

    /** An activity's name as the service allows it (the last part of its ARN). */
    Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,80}");

    /**
     * The name this port keeps {@code tenant}'s activity {@code name} under: {@code <tenant>/<name>}, or {@code name}
     * alone when {@code tenant} is null. Throws when {@code name} is not an activity's name (so no caller text can
     * reach into another tenant's scope).
     */
    static String scoped(String tenant, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("an activity's name is 1-80 letters, digits and _ . -; not '" + name + "'");
        }
        return tenant == null ? name : tenant + "/" + name;
    }

    /** The activity's own name in {@code scoped} if it is {@code tenant}'s (as {@link #scoped} makes it), else empty. */
    static Optional<String> unscoped(String tenant, String scoped) {
        int slash = scoped.indexOf('/');
        if (tenant == null) {
            return slash < 0 ? Optional.of(scoped) : Optional.empty();
        }
        return slash >= 0 && scoped.substring(0, slash).equals(tenant) ? Optional.of(scoped.substring(slash + 1)) : Optional.empty();
    }

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

    /** When a worker took a task (GetActivityTask handed it over), and the worker's name if it gave one. */
    record Taken(Instant at, String worker) {}

    /**
     * Records that the task of {@code token} was taken, for its execution's history (ActivityStarted is when a worker
     * got the task, not when it answered). Kept as long as the service keeps a closed execution's history (90 days).
     * A store that keeps no such record forgets it; the history then dates ActivityStarted by the answer.
     */
    default void taken(String token, Taken taken) {}

    /** When the task of {@code token} was taken, if that was recorded. */
    default Optional<Taken> takenOf(String token) {
        return Optional.empty();
    }
}
