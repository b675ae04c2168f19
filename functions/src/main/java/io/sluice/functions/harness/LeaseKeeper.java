package io.sluice.functions.harness;

import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Keeps a task's claim alive, and its heartbeat going, while the function runs. A heartbeat moves
 * the task's heartbeat timer in the TimerIndex (same id, due one heartbeat interval from now):
 * no message to the orchestrator, no commit, no history line; only when the beats stop does the
 * timer fire. It lives only for the length of one invocation (its next beat cancelled, and one in
 * progress waited for, on close), so nothing runs between invocations on Lambda or Azure Functions,
 * and nothing renews a timer after the task's result was reported.
 *
 * <p>A beat is due a third of the lease after the last, so most tasks end before their first: one
 * timer thread for the whole JVM holds every keeper's next beat, and starts a virtual thread only
 * for a beat that comes due. A thread of its own per task, started, parked, interrupted and joined
 * on every invocation, had put two more hand-offs between the carriers on each task's way to its
 * result.
 */
final class LeaseKeeper implements AutoCloseable {
    private static final ScheduledThreadPoolExecutor BEATS = beats();

    private final IdempotencyStore claims;
    private final TimerIndex timers;
    private final TaskMessage task;
    private final String owner;
    private final Clock clock;
    private final Duration lease;
    private final Duration every;
    private final ReentrantLock beating = new ReentrantLock();
    private volatile boolean done;
    private volatile ScheduledFuture<?> next;

    private LeaseKeeper(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        this.claims = claims;
        this.timers = timers;
        this.task = task;
        this.owner = owner;
        this.clock = clock;
        this.lease = lease;
        Duration third = lease.dividedBy(3);
        this.every = task.heartbeatSeconds() == null ? third : min(third, Duration.ofSeconds(task.heartbeatSeconds()).dividedBy(2));
    }

    static LeaseKeeper start(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        LeaseKeeper keeper = new LeaseKeeper(claims, timers, task, owner, clock, lease);
        keeper.scheduleNext();
        return keeper;
    }

    private static ScheduledThreadPoolExecutor beats() {
        ScheduledThreadPoolExecutor beats = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "sluice-lease-beats");
            t.setDaemon(true);
            return t;
        });
        beats.setRemoveOnCancelPolicy(true); // a task that ends takes its next beat out of the queue
        return beats;
    }

    /** How often the claim is extended (and the heartbeat timer moved). */
    Duration every() {
        return every;
    }

    /** Beats of every keeper of this JVM that wait for their time (cancelled ones leave the queue). */
    static int pendingBeats() {
        return BEATS.getQueue().size();
    }

    private void scheduleNext() {
        next = BEATS.schedule(() -> Thread.ofVirtual().name("sluice-lease-beat").start(this::beatOnce),
                every.toNanos(), TimeUnit.NANOSECONDS);
        if (done) {
            next.cancel(false); // closed meanwhile; a beat that starts anyway sees done and does nothing
        }
    }

    private void beatOnce() {
        beating.lock();
        try {
            if (done) {
                return;
            }
            try {
                claims.extend(io.sluice.orchestration.port.IdempotencyStore.taskKey(task.token()), owner, clock.instant(), lease);
                beat();
            } catch (RuntimeException e) {
                // Not fatal: complete() tells whether the lease was kept, and a missed beat is caught up by the next.
            }
        } finally {
            beating.unlock();
        }
        if (!done) {
            scheduleNext();
        }
    }

    private void beat() {
        if (task.heartbeatSeconds() == null || task.heartbeatTimerId() == null) {
            return;
        }
        timers.schedule(task.heartbeatTimerId(), clock.instant().plusSeconds(task.heartbeatSeconds()),
                OrchestratorSends.timerFired(task.executionId(), task.heartbeatTimerId()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Stops the keeper and waits for a beat in progress, so that none lands after the result. */
    @Override
    public void close() {
        done = true;
        ScheduledFuture<?> pending = next;
        if (pending != null) {
            pending.cancel(false);
        }
        beating.lock(); // a beat that holds it finishes first; one that takes it after this sees done
        beating.unlock();
    }
}
