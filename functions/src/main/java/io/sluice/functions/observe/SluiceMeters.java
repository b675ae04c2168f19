package io.sluice.functions.observe;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.priority.Priority;
import java.util.List;
import java.util.Locale;

/**
 * The catalog of Sluice's metrics: every name, tag and unit in one place, so the runtime, the hosts, the exporters and
 * the docs ({@code docs/metrics.md}) agree. Names are Micrometer's dotted names (a Prometheus registry writes
 * {@code sluice.executions.ended} as {@code sluice_executions_ended_total}, a timer in seconds). Tags are bounded: a
 * pipeline, its tenant, a function, a channel (P0-P3), an outcome, a queue, an API route; never an execution id.
 */
public final class SluiceMeters {
    private SluiceMeters() {}

    /** Counter: executions started (and redriven), by {@link #PIPELINE}, {@link #TENANT}, {@link #CHANNEL}. */
    public static final String EXECUTIONS_STARTED = "sluice.executions.started";
    /** Counter: executions ended, by pipeline, tenant, channel and {@link #OUTCOME} ({@link #EXECUTION_OUTCOMES}). */
    public static final String EXECUTIONS_ENDED = "sluice.executions.ended";
    /** Timer: an ended execution's start to its end, by pipeline, tenant, channel and outcome. */
    public static final String EXECUTION_DURATION = "sluice.execution.duration";
    /** Counter: states entered (each one a committed, durable transition), by pipeline, tenant, channel. */
    public static final String STATE_TRANSITIONS = "sluice.state.transitions";
    /** Counter: task retries scheduled by a Retry, by pipeline, tenant, channel. */
    public static final String TASK_RETRIES = "sluice.task.retries";
    /** Counter: errors caught by a Catch, by pipeline, tenant, channel. */
    public static final String CATCHES = "sluice.catches";
    /** Timer: a task function's run, by pipeline, tenant, {@link #FUNCTION}, channel and outcome ({@link #TASK_OUTCOMES}). */
    public static final String TASK_DURATION = "sluice.task.duration";
    /** Timer: from the commit that dispatched a task sending it to the worker starting it, by function and channel. */
    public static final String DISPATCH_LATENCY = "sluice.task.dispatch.latency";
    /** Timer: how late the tick fired the timer index's due timers (Wait states, retries and timeouts too long for a queue delay). */
    public static final String TIMER_LAG = "sluice.timer.lag";
    /** Timer: how late a pipeline schedule's fire started its execution, after the time it was scheduled for. */
    public static final String SCHEDULE_LAG = "sluice.schedule.lag";
    /** Counter: messages that arrived on a dead-letter queue, by the {@link #QUEUE} they were dead-lettered from. */
    public static final String DEAD_LETTERS = "sluice.deadletters";
    /** Gauge: messages receivable now on a {@link #QUEUE}, where the queue can tell cheaply. */
    public static final String QUEUE_DEPTH = "sluice.queue.depth";
    /** Gauge, seconds: how long the oldest receivable message of a {@link #QUEUE} has waited, where the queue can tell. */
    public static final String QUEUE_OLDEST_AGE = "sluice.queue.oldest.age";
    /** Counter: tasks a rule (the worker's gate) held back, counted when first held, by pipeline, tenant, function, channel. */
    public static final String TASKS_BLOCKED = "sluice.task.blocked";
    /** Timer: how long a held task waited before a rule let it through, by pipeline, tenant, function, channel. */
    public static final String TASK_BLOCKED_DURATION = "sluice.task.blocked.duration";
    /**
     * Counter: an upstream's success recorded for a dependent's partition, by the dependent's {@link #PIPELINE}, its
     * tenant and {@link #OUTCOME} ({@link #UPSTREAM_OUTCOMES}: {@code waiting} for other upstreams, or {@code met}).
     */
    public static final String UPSTREAM_RECORDED = "sluice.upstream.recorded";
    /** Counter: dependency-check tasks released by an upstream's success. */
    public static final String DEPENDENCIES_RELEASED = "sluice.dependency.released";
    /** Gauge: finished executions past their retention still in the store after the last archive sweep (up to a batch). */
    public static final String RETENTION_BACKLOG = "sluice.retention.backlog";
    /** Timer: API requests, by {@link #ROUTE} (the route's pattern, never the path), {@link #METHOD} and {@link #STATUS}. */
    public static final String API_REQUESTS = "sluice.api.requests";
    /**
     * Timer: Redis round trips, by {@link #COMMAND} (Redis's name, or {@code pipeline}), {@link #SCRIPT} (the adapters' Lua
     * script an EVAL/EVALSHA runs, {@code -} for none) and {@link #OUTCOME} ({@code ok}, or the error: {@code moved},
     * {@code timeout}, {@code readonly}, {@code crossslot}, ...); never a key.
     */
    public static final String REDIS_CALLS = "sluice.redis.calls";
    /**
     * Gauge: runs waiting on upstreams now, their {@code dependency-check} tasks registered in the dependency index and not
     * yet released (read at scrape time where the index is kept).
     */
    public static final String DEPENDENCIES_WAITING = "sluice.dependency.waiting";

    public static final String PIPELINE = "pipeline";
    public static final String TENANT = "tenant";
    public static final String FUNCTION = "function";
    public static final String CHANNEL = "channel";
    public static final String OUTCOME = "outcome";
    public static final String QUEUE = "queue";
    public static final String ROUTE = "route";
    public static final String METHOD = "method";
    public static final String STATUS = "status";
    public static final String COMMAND = "command";
    public static final String SCRIPT = "script";

    /** The {@link #TENANT} of a pipeline no tenant owns (the platform's own, or a deployment without tenants). */
    public static final String NO_TENANT = "-";
    /** The outcomes of an execution: its final status, lower case. */
    public static final List<String> EXECUTION_OUTCOMES = List.of("succeeded", "failed", "timed_out", "aborted");
    /** The outcomes of an upstream's recorded success: the dependent still waits for others, or every upstream is met. */
    public static final List<String> UPSTREAM_OUTCOMES = List.of("waiting", "met");
    /** The outcomes of a task function's run. */
    public static final List<String> TASK_OUTCOMES = List.of("succeeded", "failed");

    /**
     * The {@link #CHANNEL} of {@code function}'s task that came from {@code queue}: the priority whose suffix its name has past
     * the function's default channel ({@link QueueNames#tasks(String, Priority)}); the default channel's when unknown.
     */
    public static Priority channelOf(QueueNames names, String function, String queue) {
        int base = names.tasks(function).length();
        if (queue == null || queue.length() != base + 3) {
            return Priority.DEFAULT;
        }
        return switch (queue.charAt(base + 2)) {
            case '0' -> Priority.P0;
            case '1' -> Priority.P1;
            case '3' -> Priority.P3;
            default -> Priority.DEFAULT;
        };
    }

    /** An execution outcome's tag value: the status, lower case. */
    public static String outcome(String status) {
        return status.toLowerCase(Locale.ROOT);
    }
}
