package io.sluice.functions.control.recover;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.BackfillStore;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Re-runs a chain of pipelines for a range of partitions in dependency order, and lifts the block on each as it goes.
 * For each partition a pipeline's run starts only once every upstream of the chain has succeeded for that partition;
 * just before it starts, the block-downstream rule on that pipeline and partition ({@link Blocks}) is lifted, and when
 * every run has succeeded whatever such rule is left goes too. Its runs start through the host's one starter, so the
 * rules still in force (other blocks) hold them and the priority channels and limits apply as to any run.
 *
 * <p>Driven by completion events, not by polling: it is a completion handler ({@link #accept}) that advances the
 * backfill of each finished run of its ({@code bf-<id>-<partition>}). Advancing is idempotent (runs are started by
 * name), so two processes advancing one backfill at once start each run once. A failed run stops what depends on it;
 * the backfill ends {@code FAILED} with those pipelines still blocked, and a redrive of the failed run that succeeds
 * lets it go on.
 */
public final class Backfills implements Consumer<FinishedExecution> {
    private static final Logger LOG = Logger.getLogger(Backfills.class.getName());

    private final BackfillStore store;
    private final ExecutionStore executions;
    private final ExecutionStarter starter;
    private final Blocks blocks;
    private final Clock clock;
    private final RandomSource random;

    /** @param random where each backfill's id is drawn from */
    public Backfills(BackfillStore store, ExecutionStore executions, ExecutionStarter starter, Blocks blocks, Clock clock, RandomSource random) {
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.store = store;
        this.executions = executions;
        this.starter = starter;
        this.blocks = blocks;
        this.clock = clock;
    }

    /** One run of a backfill: {@code status} is {@code PENDING} before it starts, else its execution's. */
    public record Run(String pipeline, String partition, String executionId, String status) {}

    /** A backfill with where its runs stand; {@code state} is {@code RUNNING}, {@code SUCCEEDED} or {@code FAILED}. */
    public record View(Backfill backfill, String state, List<Run> runs) {}

    /** Starts a backfill of {@code chain} (the pipeline, and downstream of it if asked) for {@code partitions}. */
    public View start(String pipeline, boolean downstream, Chain chain, List<String> partitions, String author) {
        Backfill b = new Backfill(random.uuid().toString().substring(0, 8), pipeline, downstream, partitions, chain, author,
                clock.instant(), null, null);
        if (!store.create(b.id(), b.encode())) {
            throw new IllegalStateException("backfill id " + b.id() + " is taken; try again");
        }
        return advance(b.id()).orElseThrow();
    }

    public Optional<View> find(String id) {
        return store.find(id).map(Backfill::decode).map(this::view);
    }

    @Override
    public void accept(FinishedExecution e) {
        String id = Backfill.idOf(e.name());
        if (id != null) {
            advance(id);
        }
    }

    /** Starts every run that may start now; ends the backfill when nothing more can run. */
    public Optional<View> advance(String id) {
        Optional<Backfill> found = store.find(id).map(Backfill::decode);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Backfill b = found.get();
        if ("SUCCEEDED".equals(b.outcome())) {
            return Optional.of(view(b));
        }
        for (String partition : b.partitions()) {
            Set<String> succeeded = new HashSet<>();
            for (String pipeline : b.chain().order()) {
                String status = status(pipeline, b.runName(partition));
                if (status == null && b.chain().ready(pipeline, succeeded)) {
                    status = startRun(b, pipeline, partition);
                }
                if ("SUCCEEDED".equals(status)) {
                    succeeded.add(pipeline);
                }
            }
        }
        View v = view(b);
        if (v.state().equals("SUCCEEDED")) {
            for (String pipeline : b.chain().order()) {
                b.partitions().forEach(p -> blocks.lift(pipeline, p, author(b)));
            }
        }
        String stored = b.outcome() == null ? "RUNNING" : b.outcome();
        if (!v.state().equals(stored)) {
            // FAILED can become RUNNING again: a redriven run that succeeds lets what waits for it start.
            Backfill next = v.state().equals("RUNNING") ? b.finished(null, null) : b.finished(v.state(), clock.instant());
            store.update(b.id(), next.encode());
            LOG.info(() -> "backfill " + b.id() + " of " + b.chain().order() + " for " + b.partitions() + ": " + v.state());
            return Optional.of(new View(next, v.state(), v.runs()));
        }
        return Optional.of(v);
    }

    private String startRun(Backfill b, String pipeline, String partition) {
        List<String> lifted = blocks.lift(pipeline, partition, author(b));
        ObjectNode input = Json.object().put("partition", partition).put("backfill", b.id());
        StartResult r = starter.start(pipeline, b.runName(partition), input);
        LOG.info(() -> "backfill " + b.id() + ": " + pipeline + " for " + partition + (lifted.isEmpty() ? "" : ", lifting " + lifted) + ": " + r);
        return switch (r) {
            case StartResult.Existing e -> e.execution().status();
            case StartResult.Refused refused -> "REFUSED";
        };
    }

    private static String author(Backfill b) {
        return "backfill " + b.id() + " (" + b.author() + ")";
    }

    private String status(String pipeline, String name) {
        String id = Orchestrator.executionId(pipeline, name);
        return executions.load(id).map(s -> s.summary().status()).or(() -> executions.retired(id).map(ExecutionSummary::status)).orElse(null);
    }

    private View view(Backfill b) {
        List<Run> runs = new ArrayList<>();
        boolean running = false;
        boolean failed = false;
        for (String partition : b.partitions()) {
            Set<String> succeeded = new HashSet<>();
            Set<String> stuck = new HashSet<>();
            for (String pipeline : b.chain().order()) {
                String status = status(pipeline, b.runName(partition));
                String shown = status == null ? "PENDING" : status;
                runs.add(new Run(pipeline, partition, Orchestrator.executionId(pipeline, b.runName(partition)), shown));
                switch (shown) {
                    case "SUCCEEDED" -> succeeded.add(pipeline);
                    case "RUNNING" -> running = true;
                    case "PENDING" -> {
                        // Pending behind a run that cannot succeed any more: it will never start.
                        if (b.chain().upstreams().get(pipeline).stream().anyMatch(stuck::contains)) {
                            stuck.add(pipeline);
                        } else {
                            running = true;
                        }
                    }
                    default -> {
                        failed = true;
                        stuck.add(pipeline);
                    }
                }
            }
        }
        String state = "SUCCEEDED".equals(b.outcome()) ? "SUCCEEDED" : running ? "RUNNING" : failed ? "FAILED" : "SUCCEEDED";
        return new View(b, state, runs);
    }
}
