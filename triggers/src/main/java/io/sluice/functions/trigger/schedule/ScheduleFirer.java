package io.sluice.functions.trigger.schedule;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.orchestrator.DueSchedules;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.port.ScheduleIndex.DueSchedule;
import io.sluice.orchestration.port.ScheduleIndex.Settlement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Fires due schedules, invoked by {@code schedule-tick}: takes them from the {@link ScheduleIndex}
 * (leased), decides with {@link FirePlan} and the overlap policy which executions to start, starts them
 * through the {@link ExecutionStarter}, and settles each schedule at its next fire time.
 *
 * <p>Why nothing is fired twice or lost: the execution name comes from the scheduled time, and starting
 * is idempotent by name; a schedule is settled only after its starts returned, so a crash in between
 * leaves it leased, and when the lease runs out the same fire time is taken again (retaken) and started
 * again, which finds the execution that exists. A start that throws leaves the schedule leased the same way.
 * Concurrent firers are safe: the index hands each due fire to one of them at a time.
 */
public final class ScheduleFirer implements DueSchedules {
    private static final Logger LOG = Logger.getLogger(ScheduleFirer.class.getName());
    private static final int SHAPE_CACHE = 10_000;

    /**
     * @param batch        schedules taken per round trip
     * @param maxRounds    rounds per tick at most (the rest wait for the next tick)
     * @param lease        how long a taken schedule stays hidden if its taker dies
     * @param grace        how late a fire may be and still count as on time (not missed)
     * @param queueRecheck how often a queued fire checks whether the previous run has finished
     */
    public record Settings(int batch, int maxRounds, Duration lease, Duration grace, Duration queueRecheck) {
        public static Settings defaults() {
            return new Settings(1000, 100, Duration.ofSeconds(60), Duration.ofMinutes(5), Duration.ofSeconds(5));
        }
    }

    /** What one tick did, in fires (a catch-up can start several fires of one schedule). */
    public record Report(int taken, int started, int existed, int skipped, int held, int dropped, int rejected, int failed, int lostLeases,
                         List<Duration> startLags) implements DueSchedules.Fired {
        public Report {
            startLags = List.copyOf(startLags);
        }

        /** A report of no started fire's lag. */
        public Report(int taken, int started, int existed, int skipped, int held, int dropped, int rejected, int failed, int lostLeases) {
            this(taken, started, existed, skipped, held, dropped, rejected, failed, lostLeases, List.of());
        }

        Report plus(Report o) {
            List<Duration> lags = new ArrayList<>(startLags);
            lags.addAll(o.startLags);
            return new Report(taken + o.taken, started + o.started, existed + o.existed, skipped + o.skipped, held + o.held,
                    dropped + o.dropped, rejected + o.rejected, failed + o.failed, lostLeases + o.lostLeases, lags);
        }
    }

    private final ScheduleIndex index;
    private final ExecutionStarter starter;
    private final ScheduledRuns runs;
    private final Settings settings;
    private final Map<String, ScheduleShape> shapes = new ConcurrentHashMap<>();

    /** @param runs what the {@code skip} and {@code queue} overlap policies ask before a fire */
    public ScheduleFirer(ScheduleIndex index, ExecutionStarter starter, ScheduledRuns runs, Settings settings) {
        this.index = index;
        this.starter = starter;
        this.runs = runs;
        this.settings = settings;
    }

    /** Fires everything due at {@code now}, in rounds of {@code batch}. */
    @Override
    public Report tick(Instant now) {
        Report total = new Report(0, 0, 0, 0, 0, 0, 0, 0, 0);
        for (int round = 0; round < settings.maxRounds(); round++) {
            List<DueSchedule> due = index.takeDue(now, settings.batch(), settings.lease());
            if (due.isEmpty()) {
                break;
            }
            total = total.plus(fireAll(due, now));
            if (due.size() < settings.batch()) {
                break;
            }
        }
        return total;
    }

    private Report fireAll(List<DueSchedule> due, Instant now) {
        Tally tally = new Tally();
        List<Settlement> settlements = new ArrayList<>(due.size());
        for (DueSchedule d : due) {
            tally.taken++;
            try {
                settlements.add(fire(d, now, tally));
            } catch (RuntimeException e) {
                tally.failed++; // left leased: retaken with the same fire time once the lease ends
                LOG.log(Level.WARNING, "schedule " + d.scheduleId() + " fire " + d.fireTime() + " failed; retried after its lease", e);
            }
        }
        if (!settlements.isEmpty()) {
            for (boolean applied : index.settle(settlements)) {
                tally.lostLeases += applied ? 0 : 1;
            }
        }
        return tally.report();
    }

    /** Fires one taken schedule and says how to settle it. */
    private Settlement fire(DueSchedule d, Instant now, Tally tally) {
        ScheduleShape shape = shape(d.shape());
        ScheduleKey key = ScheduleKey.parse(d.scheduleId());
        FirePlan plan = FirePlan.of(shape.expression(), d.fireTime(), d.retaken(), now, settings.grace(), shape.catchUp());
        tally.dropped += plan.dropped();
        List<Instant> fires = plan.fires();
        Settlement advance = new Settlement.Advance(d, plan.next().orElse(null));
        if (fires.isEmpty()) {
            return advance;
        }
        switch (shape.overlap()) {
            case ALLOW -> fires.forEach(f -> start(key, d, f, now, tally));
            case SKIP -> {
                boolean running = runs.anyRunning(key.pipeline(), key.namePrefix());
                if (!running) {
                    start(key, d, fires.getFirst(), now, tally);
                }
                tally.skipped += fires.size() - (running ? 0 : 1);
            }
            case QUEUE -> {
                if (runs.anyRunning(key.pipeline(), key.namePrefix())) {
                    tally.held++;
                    return new Settlement.Hold(d, fires.getFirst(), now.plus(settings.queueRecheck()));
                }
                start(key, d, fires.getFirst(), now, tally);
                if (fires.size() > 1) {
                    return new Settlement.Advance(d, fires.get(1)); // due at once; waits behind the run just started
                }
            }
        }
        return advance;
    }

    private void start(ScheduleKey key, DueSchedule d, Instant fire, Instant now, Tally tally) {
        ObjectNode input = Json.object();
        input.put("schedule", d.scheduleId()).put("scheduledTime", fire.toString());
        switch (starter.start(key.pipeline(), key.executionName(fire), input)) {
            case StartResult.Started s -> {
                tally.started++;
                tally.startLags.add(Duration.between(fire, now));
            }
            case StartResult.AlreadyRunning r -> tally.existed++;
            case StartResult.NameTaken t -> tally.existed++;
            case StartResult.Refused r -> tally.rejected++;
        }
    }

    private ScheduleShape shape(String encoded) {
        ScheduleShape known = shapes.get(encoded);
        if (known != null) {
            return known;
        }
        if (shapes.size() >= SHAPE_CACHE) {
            shapes.clear();
        }
        ScheduleShape parsed = ScheduleShape.decode(encoded);
        shapes.put(encoded, parsed);
        return parsed;
    }

    /** The first fire of a schedule registered at {@code now}: a rate starts counting at now (rounded up to a second). */
    static Optional<Instant> firstFire(ScheduleExpression expression, Instant now) {
        Instant anchor = Instant.ofEpochSecond(now.getEpochSecond() + (now.getNano() == 0 ? 0 : 1));
        return expression.anchoredAt(anchor).next(anchor);
    }

    private static final class Tally {
        int taken;
        int started;
        int existed;
        int skipped;
        int held;
        int dropped;
        int rejected;
        int failed;
        int lostLeases;
        final List<Duration> startLags = new ArrayList<>();

        Report report() {
            return new Report(taken, started, existed, skipped, held, dropped, rejected, failed, lostLeases, startLags);
        }
    }
}
