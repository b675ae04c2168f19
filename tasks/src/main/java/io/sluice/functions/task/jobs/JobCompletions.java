package io.sluice.functions.task.jobs;

import io.sluice.orchestration.port.JobRun;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Where a launcher's completions meet the tasks waiting for them in this process: a waiting
 * {@link GlueLaunch} wakes as soon as its run ends instead of at its next poll. Feed it the
 * completions of an in-process engine (the local DuckDB engine takes it as its listener). A
 * completion nobody waits for is dropped: waiters register before they read the run's status, so
 * none misses its run's end.
 */
public final class JobCompletions implements Consumer<JobRun> {
    private final ConcurrentHashMap<String, Waiters> waiting = new ConcurrentHashMap<>();

    /** The tasks of one process waiting for one run: they share the future, and the last to leave removes it. */
    private record Waiters(CompletableFuture<JobRun> future, int count) {}

    @Override
    public void accept(JobRun run) {
        if (!run.finished()) {
            return;
        }
        Waiters waiters = waiting.get(run.runId());
        if (waiters != null) {
            waiters.future().complete(run);
        }
    }

    /** Starts listening for {@code runId}'s completion; close the subscription when done. */
    Subscription subscribe(String runId) {
        Waiters joined = waiting.compute(runId, (id, w) -> w == null ? new Waiters(new CompletableFuture<>(), 1)
                : new Waiters(w.future(), w.count() + 1));
        return new Subscription(runId, joined.future());
    }

    /** How many runs are waited for now (to show that waiters clean up). */
    public int waiting() {
        return waiting.size();
    }

    /** One waiter's interest in one run. */
    final class Subscription implements AutoCloseable {
        private final String runId;
        private final CompletableFuture<JobRun> future;

        private Subscription(String runId, CompletableFuture<JobRun> future) {
            this.runId = runId;
            this.future = future;
        }

        /** The completion, if it comes within {@code wait}. */
        Optional<JobRun> await(Duration wait) throws InterruptedException {
            try {
                return Optional.of(future.get(Math.max(1, wait.toMillis()), TimeUnit.MILLISECONDS));
            } catch (TimeoutException e) {
                return Optional.empty();
            } catch (ExecutionException e) {
                return Optional.empty();
            }
        }

        @Override
        public void close() {
            waiting.computeIfPresent(runId, (id, w) -> w.count() <= 1 ? null : new Waiters(w.future(), w.count() - 1));
        }
    }
}
