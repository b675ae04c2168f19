package io.sluice.functions.observe;

import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.HistoryEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the runtime tells whoever measures it (metrics, traces), at the few points where the facts are known once:
 * an execution's start, a message applied, a committed transition, a task function's run, a fired timer, a dead letter.
 * The protocol classes call it and know nothing of Micrometer, OpenTelemetry or any exporter; the one composition
 * ({@code RuntimeBuilder}) hands in the implementation, and {@link #NONE} costs nothing (its spans are
 * {@link TraceSpan#NONE}). An observer must be cheap and must not throw: it runs on the hot path.
 */
public interface RuntimeObserver {
    /** Observes nothing: the default of every part the runtime composes. */
    RuntimeObserver NONE = new RuntimeObserver() { };

    /**
     * A transition was committed (exactly once per transition: a commit that lost its compare-and-set is not one). {@code history}
     * are the lines it added, {@code execution} the execution after it, on channel {@code priority}.
     */
    default void committed(String pipeline, Priority priority, Execution execution, List<HistoryEvent> history) { }

    /**
     * A task function ran (not a replay of a stored result, not a held task): {@code failed} when it ended in an error,
     * {@code nanos} how long it took (by {@link #nanos()}), {@code fromQueue} the channel's queue it came from (may be null).
     */
    default void taskRan(TaskMessage task, String fromQueue, boolean failed, long nanos) { }

    /**
     * A task is about to run, at {@code now}: its message says when the commit that dispatched it sent it
     * ({@link TaskMessage#sentAt()}, null in older messages); two processes' wall clocks, so skew between them counts.
     */
    default void taskDispatched(TaskMessage task, String fromQueue, Instant now) { }

    /** A timer of the timer index fired {@code lag} after it was due (the queue's own delayed messages are not seen here). */
    default void timerFired(Duration lag) { }

    /** A pipeline schedule's fire started an execution {@code lag} after the time it was scheduled for. */
    default void scheduleFired(Duration lag) { }

    /** A message arrived on the dead-letter queue of {@code sourceQueue}. */
    default void deadLettered(String sourceQueue) { }

    /** The worker's gate (an allow or block rule) held {@code task} back for the first time: it waits, not run. */
    default void taskBlocked(TaskMessage task, String fromQueue) { }

    /** A task the gate had held back was let through, {@code held} after it was first held. */
    default void taskReleased(TaskMessage task, String fromQueue, Duration held) { }

    /**
     * An upstream's success was recorded for a partition of {@code dependent} ({@code dependsOn}): {@code met} when every
     * upstream has now succeeded (the dependent is started), else the dependent waits for the others.
     */
    default void upstreamRecorded(String dependent, boolean met) { }

    /** A succeeded run released {@code count} dependency-check tasks that waited for it. */
    default void dependenciesReleased(int count) { }

    /**
     * After the tick's archive sweep, {@code executions} finished executions past their retention are still in the store
     * (not yet archived: a backlog, or runs whose archiving failed), counted up to one batch.
     */
    default void retentionBacklog(int executions) { }

    /**
     * An execution is being started: its start span, current on this thread until ended. {@code parentTraceparent} is the
     * caller's span, or null: then the span current on this thread is its parent (a parent execution's task starting a
     * child), else it begins a trace. The execution keeps this span's traceparent as its trace's, for the messages that come
     * without one.
     */
    default TraceSpan starting(String pipeline, String executionId, Priority priority, String parentTraceparent) {
        return TraceSpan.NONE;
    }

    /**
     * The orchestrator is applying {@code message}: its span, current until ended, a child of the message's traceparent, or
     * of {@code executionTraceparent} (the execution's start span, stored with it; null when not traced) when it has none.
     * The states a commit enters ({@link #committed}) are its children.
     */
    default TraceSpan applying(OrchestratorMessage message, String executionTraceparent) {
        return TraceSpan.NONE;
    }

    /** A task function is about to run: its span, current while it runs, a child of the task message's traceparent. */
    default TraceSpan running(TaskMessage task, String fromQueue) {
        return TraceSpan.NONE;
    }

    /** The clock the observer measures intervals with, in nanoseconds: a host's metrics registry brings its own. */
    default long nanos() {
        return 0L;
    }
}
