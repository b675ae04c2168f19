package io.sluice.functions.hibernate;

import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.Frame;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.engine.Transition;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Whether a transition leaves its execution with only long waits: every thread of control (the top level, each
 * Parallel branch and Map iteration still open) waits on a Wait or retry timer this transition started and due at least
 * {@code after} from now, or on a task whose answer comes from outside when it comes (a callback, {@code .waitForTaskToken};
 * a job, {@code .sync}; an activity) that this transition dispatched. A wait begun by an earlier transition is not
 * judged (its due time is not at hand), so the execution stays awake; it is judged again at its next transition.
 */
final class LongWaits {
    private LongWaits() {}

    static boolean only(Transition t, Instant now, Duration after) {
        Execution e = t.execution();
        if (e.status() != ExecutionStatus.RUNNING) {
            return false;
        }
        Map<String, Instant> timers = new HashMap<>();
        Map<TaskToken, Command.DispatchTask> tasks = new HashMap<>();
        for (Command c : t.commands()) {
            if (c instanceof Command.StartTimer s) {
                timers.put(s.timerId(), s.dueAt());
            } else if (c instanceof Command.DispatchTask d) {
                tasks.put(d.token(), d);
            }
        }
        Instant far = now.plus(after);
        boolean waits = false;
        for (Frame f : e.frames()) {
            boolean isLong = switch (f.waiting()) {
                case CHILDREN -> true;
                case TIMER, RETRY -> timerOf(e, f).map(timers::get).filter(due -> !due.isBefore(far)).isPresent();
                case TASK -> f.token() != null && answersFromOutside(tasks.get(f.token()));
                case NOTHING -> false;
            };
            if (!isLong) {
                return false;
            }
            waits |= f.waiting() != Frame.Waiting.CHILDREN;
        }
        return waits;
    }

    private static java.util.Optional<String> timerOf(Execution e, Frame f) {
        return e.timers().entrySet().stream()
                .filter(t -> t.getValue().frame() == f.id()
                        && (t.getValue().kind() == Execution.TimerRef.Kind.WAIT || t.getValue().kind() == Execution.TimerRef.Kind.RETRY))
                .map(Map.Entry::getKey).findFirst();
    }

    private static boolean answersFromOutside(Command.DispatchTask d) {
        if (d == null) {
            return false;
        }
        return d.pattern() == IntegrationPattern.WAIT_FOR_TASK_TOKEN || d.pattern() == IntegrationPattern.SYNC
                || d.resource().contains(":activity:");
    }
}
