package io.sluice.local.runtime;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One lock per execution (striped, so memory stays bounded): the orchestrator's messages for one
 * execution are handled one at a time in this process, as SQS FIFO message groups or Service Bus
 * sessions would order them in the cloud.
 *
 * <p>Why: handled concurrently, two messages of one execution race on its compare-and-set; the loser
 * reloads a state whose outbox the winner has not cleared yet, commits it again and sends it again.
 * Each resent dispatch makes the worker replay its stored result, which is one more message for the
 * same execution, so on a busy machine the duplicates can feed themselves (observed: a Map of three
 * items and a Parallel produced tens of thousands of messages). One at a time, every handler finds
 * the outbox of the one before it cleared. Ordering across processes remains the core's concern.
 */
final class ExecutionLocks {
    private final ReentrantLock[] stripes;

    ExecutionLocks(int stripes) {
        this.stripes = new ReentrantLock[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new ReentrantLock();
        }
    }

    <T> T withLock(String executionId, Supplier<T> action) {
        ReentrantLock lock = stripes[Math.floorMod(executionId.hashCode(), stripes.length)];
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }
}
