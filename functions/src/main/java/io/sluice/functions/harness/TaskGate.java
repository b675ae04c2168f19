package io.sluice.functions.harness;

import io.sluice.functions.messaging.TaskMessage;
import java.time.Instant;
import java.util.Optional;

/**
 * Asked before a task runs: whether it must wait (a block rule covers its execution now). A held task
 * is not run and not failed; its message comes back later and is asked again, so a task is never
 * stopped once it runs, and a held execution goes on by itself when the rule ends.
 */
@FunctionalInterface
public interface TaskGate {
    TaskGate OPEN = (task, now) -> Optional.empty();

    /** Empty: run it now. Else the hold, with when to ask again and why. */
    Optional<Hold> hold(TaskMessage task, Instant now);

    /** @param askAgain when the task is asked about again (at most a minute away, so a rule removed early releases it soon) */
    record Hold(Instant askAgain, String reason) {}
}
