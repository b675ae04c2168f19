package io.sluice.functions.orchestrator;

import io.sluice.orchestration.port.TimerIndex;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Fires a batch of due timers on {@value #LANES} virtual threads at once, not one after another: each timer is a send
 * and an acknowledgement (two round trips), so a batch of 500 fired in turn took a second or more, and many timers due
 * together (a backlog, a clock that jumped) woke their executions seconds late. Each lane fires its timers in turn; a
 * failed one is left unacknowledged (its lease lapses and it comes due again), the others still fire, and the first
 * failure is thrown once all lanes are done.
 */
final class DueTimerSends {
    static final int LANES = 16;

    private DueTimerSends() {}

    static void fire(List<TimerIndex.DueTimer> due, Consumer<TimerIndex.DueTimer> fireOne) {
        if (due.size() <= 1) {
            due.forEach(fireOne);
            return;
        }
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        int lanes = Math.min(LANES, due.size());
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int lane = 0; lane < lanes; lane++) {
                int first = lane;
                threads.execute(() -> {
                    for (int i = first; i < due.size(); i += lanes) {
                        try {
                            fireOne.accept(due.get(i));
                        } catch (RuntimeException e) {
                            failed.compareAndSet(null, e);
                        }
                    }
                });
            }
        } // close() waits for every lane
        if (failed.get() != null) {
            throw failed.get();
        }
    }
}
