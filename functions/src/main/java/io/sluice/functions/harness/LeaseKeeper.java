package io.sluice.functions.harness;

import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps a task's claim alive, and its heartbeat going, while the function runs. A heartbeat moves
 * the task's heartbeat timer in the TimerIndex (same id, due one heartbeat interval from now):
 * no message to the orchestrator, no commit, no history line; only when the beats stop does the
 * timer fire. It lives only for the length of one invocation (a virtual thread stopped and joined
 * on close), so nothing runs between invocations on Lambda or Azure Functions, and nothing renews
 * a timer after the task's result was reported.
 */
final class LeaseKeeper implements AutoCloseable {
    private final IdempotencyStore claims;
    private final TimerIndex timers;
    private final TaskMessage task;
    private final String owner;
    private final Clock clock;
    private final Duration lease;
    private final Duration every;
    private final Thread thread;
    private volatile boolean done;

    private LeaseKeeper(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        this.claims = claims;
        this.timers = timers;
        this.task = task;
        this.owner = owner;
        this.clock = clock;
        this.lease = lease;
        Duration third = lease.dividedBy(3);
        this.every = task.heartbeatSeconds() == null ? third : min(third, Duration.ofSeconds(task.heartbeatSeconds()).dividedBy(2));
        this.thread = Thread.ofVirtual().name("lease-keeper-" + task.token()).unstarted(this::loop);
    }

    static LeaseKeeper start(IdempotencyStore claims, TimerIndex timers, TaskMessage task, String owner, Clock clock, Duration lease) {
        LeaseKeeper keeper = new LeaseKeeper(claims, timers, task, owner, clock, lease);
        keeper.thread.start();
        return keeper;
    }

    /** How often the claim is extended (and the heartbeat timer moved). */
    Duration every() {
        return every;
    }

    private void loop() {
        while (!done) {
            LockSupport.parkNanos(every.toNanos());
            if (done || Thread.currentThread().isInterrupted()) {
                return;
            }
            try {
                claims.extend(io.sluice.orchestration.port.IdempotencyStore.taskKey(task.token()), owner, clock.instant(), lease);
                beat();
            } catch (RuntimeException e) {
                // Not fatal: complete() tells whether the lease was kept, and a missed beat is caught up by the next.
            }
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
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
