package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How frames end: the top level ends the execution, a child reports to its Parallel or Map. */
final class Frames {
    private Frames() {}

    static void complete(Step s, Frame f, JsonNode output) {
        if (f.parentId() < 0) {
            finishExecution(s, ExecutionStatus.SUCCEEDED, output, null, null);
            return;
        }
        Frame parent = s.execution.frame(f.parentId());
        s.execution.removeFrame(f.id());
        ForkJoin.childSucceeded(s, parent, f, output);
    }

    static void fail(Step s, Frame f, String error, String cause) {
        if (f.parentId() < 0) {
            finishExecution(s, ExecutionStatus.FAILED, null, error, cause);
            return;
        }
        Frame parent = s.execution.frame(f.parentId());
        ForkEvents.childFailed(s, f, parent);
        s.execution.removeFrame(f.id());
        ForkJoin.childFailed(s, parent, error, cause);
    }

    /** Ends the execution: cancels every live timer and emits its completion. */
    static void finishExecution(Step s, ExecutionStatus status, JsonNode output, String error, String cause) {
        Map<String, Execution.TimerRef> timers = s.execution.timers();
        for (String id : timers.keySet()) {
            s.commands.add(new Command.CancelTimer(id));
        }
        timers.clear();
        s.execution.finish(status, output, error, cause, s.now);
        s.commands.add(new Command.ExecutionFinished(s.execution.id(), status, output, error, cause));
        if (s.recording()) {
            Type type = switch (status) {
                case SUCCEEDED -> Type.EXECUTION_SUCCEEDED;
                case TIMED_OUT -> Type.EXECUTION_TIMED_OUT;
                case ABORTED -> Type.EXECUTION_ABORTED;
                default -> Type.EXECUTION_FAILED;
            };
            s.record(type, null, null, output != null ? Step.detail("output", output) : Step.errorDetail(error, cause));
        }
    }

    /** Removes every descendant of {@code ancestor} and cancels their timers; their late results will be dropped. */
    static void cancelDescendants(Step s, Frame ancestor) {
        List<Frame> doomed = new ArrayList<>();
        for (Frame f : s.execution.frames()) {
            if (f != ancestor && ForkEvents.descendsFrom(s, f, ancestor.id())) {
                doomed.add(f);
            }
        }
        for (Frame f : doomed) {
            s.cancelFrameTimers(f);
            s.execution.removeFrame(f.id());
        }
    }

}
