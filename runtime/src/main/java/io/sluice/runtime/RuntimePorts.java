package io.sluice.runtime;

import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.DefinitionStore;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TimerIndex;
import java.util.Objects;

/**
 * The ports a runtime runs on, whatever the host: where executions, claims, timers and definitions are kept, and the
 * queue its messages travel on.
 *
 * @param activities where activity tasks wait for their workers (the Step Functions API's GetActivityTask); null: none
 */
public record RuntimePorts(ExecutionStore executions, IdempotencyStore claims, TaskQueue queue, TimerIndex timers,
                           DefinitionStore definitions, ActivityTasks activities) {
    public RuntimePorts {
        Objects.requireNonNull(executions, "executions");
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(timers, "timers");
        Objects.requireNonNull(definitions, "definitions");
    }

    /** Ports without activities. */
    public RuntimePorts(ExecutionStore executions, IdempotencyStore claims, TaskQueue queue, TimerIndex timers, DefinitionStore definitions) {
        this(executions, claims, queue, timers, definitions, null);
    }

    /**
     * The same ports, their waiting executions sleeping in {@code objects} (the host's object store:
     * {@link io.sluice.functions.hibernate.HibernatingStore}), and their long history lines kept there by reference where
     * the execution store can ({@link io.sluice.orchestration.port.HistoryObjects}); the same ports for what the
     * execution store cannot do.
     */
    public RuntimePorts sleepingIn(io.sluice.orchestration.port.ObjectStore objects) {
        ExecutionStore store = executions instanceof io.sluice.orchestration.port.HistoryObjects h ? h.keepingHistoryIn(objects) : executions;
        return new RuntimePorts(io.sluice.functions.hibernate.HibernatingStore.over(store, objects), claims, queue, timers,
                definitions, activities);
    }

    /** The same ports, {@code queue} instead of this one's (a drill's faulty queue, a host's own transport). */
    public RuntimePorts withQueue(TaskQueue queue) {
        return new RuntimePorts(executions, claims, queue, timers, definitions, activities);
    }
}
