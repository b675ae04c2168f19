package io.sluice.runtime;

import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;

/**
 * The runtime every host runs, composed once by {@link RuntimeBuilder}: the orchestrator (with its outbox), the
 * schedule tick, and the worker harness for whatever task functions the host has. A host supplies ports and entry
 * points (a queue consumer, a Lambda handler, a Functions trigger) and calls these; it builds none of them itself.
 */
public final class SluiceRuntime {
    private final RuntimeBuilder spec;
    private final OutboxDispatcher outbox;
    private final Orchestrator orchestrator;
    private final ScheduleTick tick;

    SluiceRuntime(RuntimeBuilder spec, OutboxDispatcher outbox, Orchestrator orchestrator, ScheduleTick tick) {
        this.spec = spec;
        this.outbox = outbox;
        this.orchestrator = orchestrator;
        this.tick = tick;
    }

    public RuntimePorts ports() {
        return spec.ports();
    }

    public OutboxDispatcher outbox() {
        return outbox;
    }

    public Orchestrator orchestrator() {
        return orchestrator;
    }

    public ScheduleTick tick() {
        return tick;
    }

    /**
     * One invocation of a cloud host's {@code schedule-tick} function (an EventBridge schedule, a Functions timer): the
     * tick (timers, left-behind outboxes, archiving), then the alert tiers' (overdue P1 acknowledgements re-alert, the
     * P2/P3 digest goes out when due) when {@code tiers} is not null; what it did, as one line for the log.
     */
    public String tickWithAlerts(TieredAlerts tiers) {
        String swept = tick.tick().toString();
        return tiers == null ? swept : swept + " alerts=" + tiers.tick();
    }

    /**
     * The worker harness running {@code functions}, as this runtime's settings say: its tasks' owners, its gate, lineage,
     * events and failure hook. Built on demand because a host's task functions may themselves need the orchestrator
     * (child starts), so they exist only after it.
     *
     * @throws IllegalStateException when the runtime was built without {@link RuntimeBuilder#worker}
     */
    public WorkerHarness worker(TaskFunctions functions) {
        return spec.harness(functions);
    }

    /** What this runtime's parts report to (its metrics), for the parts a host builds beside it (the dead-letter handler). */
    public io.sluice.functions.observe.RuntimeObserver observer() {
        return spec.observer();
    }

    /** A copy of the settings this runtime was built with, to build a changed one (a host that adds parts as it starts). */
    public RuntimeBuilder toBuilder() {
        return spec.copy();
    }
}
