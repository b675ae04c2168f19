package io.sluice.functions.harness;

import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps a task's claim alive, and its heartbeat going, while the function runs. It lives only for
 * the length of one invocation (a virtual thread stopped on close), so nothing runs between
 * invocations on Lambda or Azure Functions.
 */
final class LeaseKeeper implements AutoCloseable {
    private final IdempotencyStore claims;
    private final String token;
    private final String owner;
    private final Clock clock;
    private final Duration lease;
    private final Duration every;
    private final Runnable heartbeat;
    private final Thread thread;
    private volatile boolean done;

    private LeaseKeeper(IdempotencyStore claims, Command.DispatchTask task, String owner, Clock clock, Duration lease, Runnable heartbeat) {
        this.claims = claims;
        this.token = task.token().encode();
        this.owner = owner;
        this.clock = clock;
        this.lease = lease;
        this.heartbeat = heartbeat;
        Duration third = lease.dividedBy(3);
        this.every = task.heartbeatSeconds() == null ? third : min(third, Duration.ofSeconds(task.heartbeatSeconds()).dividedBy(2));
        this.thread = Thread.ofVirtual().name("lease-keeper-" + token).unstarted(this::loop);
    }

    static LeaseKeeper start(IdempotencyStore claims, Command.DispatchTask task, String owner, Clock clock, Duration lease, Runnable heartbeat) {
        LeaseKeeper keeper = new LeaseKeeper(claims, task, owner, clock, lease, heartbeat);
        keeper.thread.start();
        return keeper;
    }

    private void loop() {
        while (!done) {
            LockSupport.parkNanos(every.toNanos());
            if (done || Thread.currentThread().isInterrupted()) {
                return;
            }
            try {
                claims.extend(token, owner, clock.instant(), lease);
                heartbeat.run();
            } catch (RuntimeException e) {
                // Not fatal: complete() tells whether the lease was kept.
            }
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Override
    public void close() {
        done = true;
        thread.interrupt();
    }
}
