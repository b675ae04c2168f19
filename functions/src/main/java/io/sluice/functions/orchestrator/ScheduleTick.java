package io.sluice.functions.orchestrator;

import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.retention.ExecutionReaper;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code schedule-tick} function: fires due pipeline schedules (when it has {@link DueSchedules}, the triggers
 * module's schedule firer),
 * hands due timers to the orchestrator and re-sends outboxes a crash left behind. A schedule invokes it (every minute in the
 * cloud), so no function needs a thread of its own between invocations; the local runtime calls {@link #fireSchedules()}
 * every 200 ms and {@link #sweep()} every second.
 */
public final class ScheduleTick {
    private static final int BATCH = 500;
    private static final int REAP_BATCHES = 10;
    /** Batches of due timers one call fires at most (10,000 timers), so a backlog cannot hold the tick for long. */
    private static final int TIMER_BATCHES = 20;

    private final ExecutionStore store;
    private final TimerIndex timers;
    private final TaskQueue queue;
    private final OutboxDispatcher outbox;
    private final QueueNames names;
    private final Clock clock;
    private final Duration outboxGrace;
    private final DueSchedules schedules;
    private final ExecutionReaper reaper;
    private final RuntimeObserver observer;

    /** @param outboxGrace how old an uncleared outbox must be before the sweeper treats it as left behind */
    public ScheduleTick(ExecutionStore store, TimerIndex timers, TaskQueue queue, OutboxDispatcher outbox, QueueNames names,
                        Clock clock, Duration outboxGrace) {
        this(store, timers, queue, outbox, names, clock, outboxGrace, null);
    }

    /** @param schedules fires pipeline schedules on each tick; {@code null} where a cloud scheduler starts them instead */
    public ScheduleTick(ExecutionStore store, TimerIndex timers, TaskQueue queue, OutboxDispatcher outbox, QueueNames names,
                        Clock clock, Duration outboxGrace, DueSchedules schedules) {
        this(store, timers, queue, outbox, names, clock, outboxGrace, schedules, null, RuntimeObserver.NONE);
    }

    private ScheduleTick(ExecutionStore store, TimerIndex timers, TaskQueue queue, OutboxDispatcher outbox, QueueNames names,
                         Clock clock, Duration outboxGrace, DueSchedules schedules, ExecutionReaper reaper, RuntimeObserver observer) {
        this.observer = java.util.Objects.requireNonNull(observer, "observer");
        this.store = store;
        this.timers = timers;
        this.queue = queue;
        this.outbox = outbox;
        this.names = names;
        this.clock = clock;
        this.outboxGrace = outboxGrace;
        this.schedules = schedules;
        this.reaper = reaper;
    }

    /** This tick, also moving expired finished executions to the archive on each sweep (at most one batch per sweep). */
    public ScheduleTick withReaper(ExecutionReaper reaper) {
        return new ScheduleTick(store, timers, queue, outbox, names, clock, outboxGrace, schedules, reaper, observer);
    }

    /** This tick, telling {@code observer} how late each timer it fires is. */
    public ScheduleTick withObserver(RuntimeObserver observer) {
        return new ScheduleTick(store, timers, queue, outbox, names, clock, outboxGrace, schedules, reaper, observer);
    }

    /** What one tick did. */
    /** @param expired what the reaper did this sweep, or {@code null} without one */
    public record Report(int timersFired, int outboxesResent, DueSchedules.Fired schedules, ExecutionReaper.Report expired) {}

    /** Fires due schedules, then timers and left-behind outboxes, all as of now. */
    public Report tick() {
        DueSchedules.Fired scheduled = fireSchedules();
        Report swept = sweep();
        return new Report(swept.timersFired(), swept.outboxesResent(), scheduled, swept.expired());
    }

    /**
     * Fires the pipeline schedules that are due; {@code null} when this tick has no {@link DueSchedules}.
     * A host whose schedules must fire with less lag than its sweep needs calls this more often than {@link #sweep()}.
     */
    public DueSchedules.Fired fireSchedules() {
        if (schedules == null) {
            return null;
        }
        DueSchedules.Fired fired = schedules.tick(clock.instant());
        fired.startLags().forEach(observer::scheduleFired);
        return fired;
    }

    /**
     * Hands due timers to the orchestrator, re-sends left-behind outboxes and, with a reaper, archives and
     * removes expired finished executions; the report has no schedules part.
     */
    public Report sweep() {
        Instant now = clock.instant();
        int fired = fireTimers(now);
        int resent = 0;
        for (String id : store.pendingOutboxes(now.minus(outboxGrace), BATCH)) {
            Optional<StoredExecution> e = store.load(id);
            if (e.isPresent() && !e.get().outbox().isEmpty()) {
                outbox.send(id, e.get().outbox(), e.get().version());
                resent++;
            }
        }
        if (store instanceof io.sluice.functions.hibernate.HibernatingStore sleeping) {
            sleeping.sweepOrphans(now); // objects a crash left behind, a page a minute at most
        }
        return new Report(fired, resent, null, reaper == null ? null : reap(now));
    }

    /**
     * Hands the timers due now to the orchestrator (a batch), as {@link #sweep()} does first. A host whose timers must fire
     * with less lag than its sweep (a sleeping execution's wake) calls this more often; returns how many fired.
     */
    public int fireTimers() {
        return fireTimers(clock.instant());
    }

    private int fireTimers(Instant now) {
        int fired = 0;
        for (int batch = 0; batch < TIMER_BATCHES; batch++) {
            List<TimerIndex.DueTimer> due = timers.takeDue(now, BATCH, Duration.ofMinutes(1));
            DueTimerSends.fire(due, t -> {
                queue.send(names.orchestrator(), OrchestratorSends.firedTimer(t.payload(), t.timerId(), t.due()), Duration.ZERO);
                timers.acknowledge(t.timerId());
                observer.timerFired(Duration.between(t.due(), now));
            });
            fired += due.size();
            if (due.size() < BATCH) {
                break; // whole batches while they come full: many timers due at once all go in this call
            }
        }
        return fired;
    }

    /**
     * Whole batches while they come full, up to {@value #REAP_BATCHES} of them: a backlog drains, a quiet store costs one read.
     * The observer learns what is left past its retention: the last batch's leftovers, or, when every batch came full, what
     * one more read finds (up to a batch).
     */
    private ExecutionReaper.Report reap(Instant now) {
        int archived = 0;
        int removed = 0;
        ExecutionReaper.Report r = null;
        for (int i = 0; i < REAP_BATCHES; i++) {
            r = reaper.reap(now, BATCH);
            archived += r.archived();
            removed += r.removed();
            if (r.removed() < BATCH) {
                break;
            }
        }
        int left = r.removed() < BATCH ? r.left() : store.expired(now, BATCH).size();
        observer.retentionBacklog(left);
        return new ExecutionReaper.Report(archived, removed, left);
    }

    /** Whether {@link #fireSchedules()} fires anything. */
    public boolean firesSchedules() {
        return schedules != null;
    }
}
