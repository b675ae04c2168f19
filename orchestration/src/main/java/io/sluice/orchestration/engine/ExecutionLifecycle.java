package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.ExecutionStatus.ABORTED;
import static io.sluice.orchestration.engine.ExecutionStatus.FAILED;
import static io.sluice.orchestration.engine.ExecutionStatus.RUNNING;
import static io.sluice.orchestration.engine.ExecutionStatus.SUCCEEDED;
import static io.sluice.orchestration.engine.ExecutionStatus.TIMED_OUT;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * An execution's lifecycle as a table: for each (status, kind of event), the statuses the execution
 * may have afterwards. The interpreter checks every transition against it (as a Java assertion, so
 * every test run checks it and production pays nothing), and {@code ExecutionLifecycleTest} walks it.
 *
 * <pre>
 *  status \ event   progress (task result, heartbeat, timer)   Fail     Stop     Redrive
 *  RUNNING          RUNNING SUCCEEDED FAILED TIMED_OUT          FAILED   ABORTED  RUNNING (dropped)
 *  SUCCEEDED        SUCCEEDED (dropped)                         same     same     same (dropped)
 *  FAILED           FAILED (dropped)                            same     same     RUNNING, or same if nothing to resume
 *  TIMED_OUT        TIMED_OUT (dropped)                         same     same     RUNNING, or same
 *  ABORTED          ABORTED (dropped)                           same     same     RUNNING, or same
 * </pre>
 */
public final class ExecutionLifecycle {
    /** Events by their effect on the lifecycle. */
    public enum Kind { PROGRESS, FAIL, STOP, REDRIVE }

    private static final Map<ExecutionStatus, Map<Kind, Set<ExecutionStatus>>> TABLE = new EnumMap<>(ExecutionStatus.class);

    static {
        row(RUNNING, EnumSet.of(RUNNING, SUCCEEDED, FAILED, TIMED_OUT), EnumSet.of(FAILED), EnumSet.of(ABORTED), EnumSet.of(RUNNING));
        row(SUCCEEDED, EnumSet.of(SUCCEEDED), EnumSet.of(SUCCEEDED), EnumSet.of(SUCCEEDED), EnumSet.of(SUCCEEDED));
        for (ExecutionStatus ended : EnumSet.of(FAILED, TIMED_OUT, ABORTED)) {
            row(ended, EnumSet.of(ended), EnumSet.of(ended), EnumSet.of(ended), EnumSet.of(RUNNING, ended));
        }
    }

    private ExecutionLifecycle() {}

    private static void row(ExecutionStatus from, Set<ExecutionStatus> progress, Set<ExecutionStatus> fail, Set<ExecutionStatus> stop,
                            Set<ExecutionStatus> redrive) {
        Map<Kind, Set<ExecutionStatus>> row = new EnumMap<>(Kind.class);
        row.put(Kind.PROGRESS, progress);
        row.put(Kind.FAIL, fail);
        row.put(Kind.STOP, stop);
        row.put(Kind.REDRIVE, redrive);
        TABLE.put(from, row);
    }

    public static Kind kind(Event event) {
        return switch (event) {
            case Event.TaskSucceeded e -> Kind.PROGRESS;
            case Event.TaskFailed e -> Kind.PROGRESS;
            case Event.TaskHeartbeat e -> Kind.PROGRESS;
            case Event.TimerFired e -> Kind.PROGRESS;
            case Event.Fail e -> Kind.FAIL;
            case Event.Stop e -> Kind.STOP;
            case Event.Redrive e -> Kind.REDRIVE;
        };
    }

    /** The statuses an execution in {@code from} may have after an event of {@code kind}. */
    public static Set<ExecutionStatus> next(ExecutionStatus from, Kind kind) {
        return TABLE.get(from).get(kind);
    }

    /** Whether going from {@code from} to {@code to} on {@code event} is in the table. */
    public static boolean allows(ExecutionStatus from, Event event, ExecutionStatus to) {
        return next(from, kind(event)).contains(to);
    }
}
