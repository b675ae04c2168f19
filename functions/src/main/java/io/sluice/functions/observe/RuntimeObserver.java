package io.sluice.functions.observe;

import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.HistoryEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the runtime tells whoever measures it (metrics; later traces), at the few points where the facts are known once:
 * a committed transition, a task function's run, a fired timer, a dead letter. The protocol classes call it and know
 * nothing of Micrometer or any exporter; the one composition ({@code RuntimeBuilder}) hands in the implementation, and
 * {@link #NONE} costs nothing. An observer must be cheap and must not throw: it runs on the hot path.
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

    /** A message arrived on the dead-letter queue of {@code sourceQueue}. */
    default void deadLettered(String sourceQueue) { }

    /** The clock the observer measures intervals with, in nanoseconds: a host's metrics registry brings its own. */
    default long nanos() {
        return 0L;
    }
}
