package io.sluice.functions.trigger.upstream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.trigger.PartitionNames;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The upstream-completion trigger, a handler of the completion listener: when an execution with a
 * partition SUCCEEDS, each pipeline that depends on its pipeline records that upstream as done for
 * the mapped partition in the {@link UpstreamLedger}; the record that completes the set starts the
 * dependent for that partition under the name {@link PartitionNames#of} gives it, so however many
 * times the last completion is delivered, and however many upstreams finish at once, one run starts.
 *
 * <p>A failed, timed-out or aborted upstream records nothing, so its dependents wait (until it is
 * redriven or run again successfully). A start that throws propagates: the completion event comes
 * back, the record is repeated (a no-op) and the start is tried again. Once the dependent has run for
 * a partition, later successes of its upstreams for that partition find the name taken and start
 * nothing; running it again for that partition is a deliberate start with a new name.
 *
 * <p>The started execution's input is {@code {"partition": P, "upstreams": [...]}}.
 */
public final class UpstreamTrigger implements Consumer<FinishedExecution> {
    private static final Logger LOG = Logger.getLogger(UpstreamTrigger.class.getName());

    private final DependencyGraph graph;
    private final UpstreamLedger ledger;
    private final ExecutionStarter starter;
    private final Clock clock;
    private final Duration keep;

    /** @param keep how long an upstream's success is remembered for a partition its dependent has not run yet */
    public UpstreamTrigger(DependencyGraph graph, UpstreamLedger ledger, ExecutionStarter starter, Clock clock, Duration keep) {
        this.graph = graph;
        this.ledger = ledger;
        this.starter = starter;
        this.clock = clock;
        this.keep = keep;
    }

    /** What one completion did for one dependent. */
    public sealed interface Outcome {
        String dependent();

        /** Recorded; {@code missing} upstreams have not succeeded for {@code partition} yet. */
        record Waiting(String dependent, String partition, Set<String> missing) implements Outcome {}

        /** Every upstream is done: the dependent was started (or found started) as {@code executionName}. */
        record Started(String dependent, String partition, String executionName, StartResult start)
                implements Outcome {}

        /** The upstream's partition means nothing to this dependent's mapping (not a date, say), or is no {@link Partitions partition}. */
        record NotMapped(String dependent, String upstreamPartition) implements Outcome {}
    }

    /** How a backfill's runs are named ({@code bf-<backfill id>-<partition>}); their completions start no dependent. */
    public static final String BACKFILL_RUNS = "bf-";

    @Override
    public void accept(FinishedExecution e) {
        onCompletion(e);
    }

    /** Handles one completion; returns what it did for each dependent (nothing for a run that did not succeed). */
    public List<Outcome> onCompletion(FinishedExecution e) {
        if (e.status() != ExecutionStatus.SUCCEEDED || e.pipeline() == null || e.partition() == null) {
            return List.of();
        }
        if (e.name() != null && e.name().startsWith(BACKFILL_RUNS)) {
            return List.of(); // a backfill's run: the backfill starts what depends on it, in order, itself
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (Dependent d : graph.dependentsOf(e.pipeline())) {
            if (d.pipeline().equals(e.pipeline())) {
                continue; // a pipeline waiting for itself would restart itself
            }
            for (Dependent.Dependency dep : d.dependsOn()) {
                if (dep.upstream().equals(e.pipeline())) {
                    outcomes.add(record(d, dep, e));
                }
            }
        }
        return outcomes;
    }

    private Outcome record(Dependent d, Dependent.Dependency dep, FinishedExecution e) {
        Optional<String> mapped = dep.partitions().dependentPartition(e.partition());
        if (mapped.isPresent() && !Partitions.isValid(mapped.get())) {
            // Only a run started before partitions were checked can carry one; it must not reach a dependent's paths.
            LOG.warning(() -> "upstream " + e.executionId() + ": not starting " + d.pipeline() + ": "
                    + Partitions.problem(mapped.get()).orElseThrow());
            return new Outcome.NotMapped(d.pipeline(), e.partition());
        }
        if (mapped.isEmpty()) {
            LOG.fine(() -> "upstream " + e.executionId() + ": partition '" + e.partition() + "' does not map to a partition of '"
                    + d.pipeline() + "' (" + dep.partitions().label() + ")");
            return new Outcome.NotMapped(d.pipeline(), e.partition());
        }
        String partition = mapped.get();
        Set<String> done = ledger.succeeded(d.pipeline(), partition, e.pipeline(), clock.instant().plus(keep));
        Set<String> missing = new TreeSet<>(d.upstreams());
        missing.removeAll(done);
        if (!missing.isEmpty()) {
            return new Outcome.Waiting(d.pipeline(), partition, missing);
        }
        String name = PartitionNames.of(partition);
        ObjectNode input = Json.object().put("partition", partition);
        new TreeSet<>(d.upstreams()).forEach(input.putArray("upstreams")::add);
        StartResult start = starter.start(d.pipeline(), name, input);
        switch (start) {
            case StartResult.Started s -> LOG.info(() -> "upstreams " + d.upstreams() + " succeeded for " + partition
                    + ": started " + d.pipeline() + ":" + name);
            case StartResult.Existing a -> LOG.fine(() -> d.pipeline() + ":" + name + " exists already; nothing started");
            case StartResult.Refused r -> LOG.log(Level.WARNING, "upstreams of {0} succeeded for {1} but it cannot start: {2}",
                    new Object[] {d.pipeline(), partition, r.reason()});
        }
        return new Outcome.Started(d.pipeline(), partition, name, start);
    }
}
