package io.sluice.functions.harness;

import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
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
 * thread for the whole JVM ({@link LeaseBeats}) looks after every keeper's next beat, and starts a
 * virtual thread only for a beat that comes due. A thread of its own per task, started, parked,
 * interrupted and joined on every invocation, had put two more hand-offs between the carriers on
 * each task's way to its result.
 */
final class LeaseKeeper implements AutoCloseable, LeaseBeats.Beating {
    private static final LeaseBeats BEATS = new LeaseBeats("sluice-lease-beats", io.sluice.functions.time.SystemTime.TICKER);

    private final IdempotencyStore claims;
    private final TimerIndex timers;
    private final TaskMessage task;
    private final String owner;
    private final Clock clock;
    private final Duration lease;
    private final Duration every;
    private final ReentrantLock beating = new ReentrantLock();
    private volatile boolean done;
    private volatile long due;

    private LeaseKeeper(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        this.claims = claims;
        this.timers = timers;
        this.task = task;
        this.owner = owner;
        this.clock = clock;
        this.lease = lease;
        Duration third = lease.dividedBy(3);
        this.every = task.heartbeatSeconds() == null ? third : min(third, Duration.ofSeconds(task.heartbeatSeconds()).dividedBy(2));
        this.due = BEATS.now() + every.toNanos();
    }

    static LeaseKeeper start(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        LeaseKeeper keeper = new LeaseKeeper(claims, timers, task, owner, clock, lease);
        BEATS.add(keeper);
        return keeper;
    }

    /** How often the claim is extended (and the heartbeat timer moved). */
    Duration every() {
        return every;
    }

    /** Keepers of this JVM whose next beat waits for its time (a closed one leaves at once). */
    static int pendingBeats() {
        return BEATS.size();
    }

    @Override
    public long dueNanos() {
        return due;
    }

    @Override
    public long everyNanos() {
        return every.toNanos();
    }

    /** Called by the beats' thread when this keeper is due: the beat runs on a virtual thread of its own. */
    @Override
    public void startBeat() {
        due = LeaseBeats.NOT_DUE;
        Thread.ofVirtual().name("sluice-lease-beat").start(this::beatOnce);
    }

    private void beatOnce() {
        beating.lock();
        try {
            if (done) {
                return;
            }
            try {
                claims.extend(io.sluice.orchestration.port.IdempotencyStore.taskKey(task.token()), owner, clock.instant(), lease);
                moveHeartbeatTimer();
            } catch (RuntimeException e) {
                // Not fatal: complete() tells whether the lease was kept, and a missed beat is caught up by the next.
            }
        } finally {
            beating.unlock();
        }
        if (!done) {
            long at = BEATS.now() + every.toNanos();
            due = at;
            BEATS.due(at);
        }
    }

    private void moveHeartbeatTimer() {
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
        BEATS.remove(this);
        beating.lock(); // a beat that holds it finishes first; one that takes it after this sees done
        beating.unlock();
    }
}
