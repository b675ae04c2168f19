package io.sluice.runtime;

import io.sluice.functions.alert.FailureAlerts;
import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.task.dependency.DependencyRelease;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What happens when an execution ends, composed once for every host: upstream-completion starts, dependency-check
 * releases, whatever the host adds (a child's end reaching its parent, a backfill's next run), then the failure alert
 * by the execution's recorded priority, and the execution events relayed to the host's event bus if it has one.
 */
public final class Completions {
    /** How long a succeeded upstream run counts for its dependents. */
    public static final Duration UPSTREAM_KEEP = Duration.ofDays(7);
    /** How long a succeeded run releases the dependency checks that wait for it. */
    public static final Duration DEPENDENCY_KEEP = Duration.ofDays(30);

    private final ExecutionStore executions;
    private final Clock clock;
    private final List<Consumer<FinishedExecution>> handlers = new ArrayList<>();
    private TieredAlerts alerts;
    private ExecutionEventRelay relay;
    private RuntimeObserver observer = RuntimeObserver.NONE;

    private Completions(ExecutionStore executions, Clock clock) {
        this.executions = Objects.requireNonNull(executions, "executions");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public static Completions of(ExecutionStore executions, Clock clock) {
        return new Completions(executions, clock);
    }

    /** A finished execution starts the pipelines that wait for it ({@code dependsOn}), once per partition. */
    public Completions upstream(DependencyGraph graph, UpstreamLedger ledger, ExecutionStarter starter) {
        return and(new UpstreamTrigger(graph, ledger, starter, clock, UPSTREAM_KEEP));
    }

    /** A finished execution releases the dependency checks waiting for it. */
    public Completions dependencies(DependencyIndex index, RuntimePorts ports, QueueNames names) {
        return and(new DependencyRelease(index, ports.timers(), ports.queue(), names, clock, DEPENDENCY_KEEP));
    }

    /** The host's own handler, in the order given. */
    public Completions and(Consumer<FinishedExecution> handler) {
        handlers.add(Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /** A failed, timed-out or aborted execution alerts by its priority's tier (P0 pages; P1 awaits an acknowledgement; P2/P3 digest). */
    public Completions alerts(TieredAlerts tiers) {
        this.alerts = tiers;
        return this;
    }

    /** The execution events go on to the host's event bus (EventBridge, Event Grid, a webhook); {@code null}: none. */
    public Completions relay(ExecutionEventRelay relay) {
        this.relay = relay;
        return this;
    }

    /**
     * The runtime's observer ({@code SluiceRuntime.observer()}) learns what the upstream triggers and dependency releases
     * among the handlers did: an upstream recorded while its dependent waits for others, or every upstream met; checks released.
     */
    public Completions observedBy(RuntimeObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return this;
    }

    private Consumer<FinishedExecution> observed(Consumer<FinishedExecution> handler) {
        return switch (handler) {
            case UpstreamTrigger t -> e -> t.onCompletion(e).forEach(o -> {
                switch (o) {
                    case UpstreamTrigger.Outcome.Waiting w -> observer.upstreamRecorded(w.dependent(), false);
                    case UpstreamTrigger.Outcome.Started s -> observer.upstreamRecorded(s.dependent(), true);
                    case UpstreamTrigger.Outcome.NotMapped n -> { }
                }
            });
            case DependencyRelease r -> e -> {
                int released = r.release(e);
                if (released > 0) {
                    observer.dependenciesReleased(released);
                }
            };
            default -> handler;
        };
    }

    public CompletionListener build() {
        List<Consumer<FinishedExecution>> all = new ArrayList<>(handlers.stream().map(this::observed).toList());
        if (alerts != null) {
            all.add(new FailureAlerts(alerts, executionId -> executions.load(executionId)
                    .map(s -> Orchestrator.priorityOf(Json.parse(s.state()))).orElse(Priority.DEFAULT)));
        }
        CompletionListener listener = new CompletionListener(executions, all);
        return relay == null ? listener : listener.withRelay(relay);
    }
}
