package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.ParallelState;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.TaskState;
import io.sluice.orchestration.definition.WaitState;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A Parallel's or a Map's own course, as Step Functions' history shows it: each event counted ({@link ServiceEvents})
 * and, when the execution records history, recorded. As AWS recorded them (LocalStack's {@code aws.validated}
 * snapshots at commit 8b9a79f0: {@code v2/scenarios/test_base_scenarios.snapshot.json} test_parallel_state*,
 * test_map_state*, {@code v2/timeouts/test_timeouts.snapshot.json} test_service_lambda_map_timeout,
 * {@code v2/callback/test_callback.snapshot.json} test_sqs_failure_in_wait_for_task_tok_no_error_field[SQS_PARALLEL_WAIT_FOR_TASK_TOKEN]):
 * ParallelStateStarted or MapStateStarted (its {@code length}) once the state's fields are read; each
 * MapIterationStarted and MapIterationSucceeded; ParallelStateSucceeded or MapStateSucceeded when all have ended. A
 * child that fails shows MapIterationFailed (a branch shows nothing of its own) and, if it stood in a Task or a Wait,
 * that state's Aborted event; every other child still running is aborted: MapIterationAborted, then its state's
 * Aborted event. The state's Failed event follows unless a retrier takes the error. The branches' lines carry their
 * parent frame, so that the service's view can link each event to the one it follows.
 */
final class ForkEvents {
    private ForkEvents() {}

    static void parallelStarted(Step s, Frame f, ParallelState p) {
        ServiceEvents.count(s, 1);
        s.record(Type.PARALLEL_STATE_STARTED, f, p.name(), null);
    }

    static void mapStarted(Step s, Frame f, MapState m, int length) {
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.MAP_STATE_STARTED, f, m.name(), Step.detail("length", Json.NODES.numberNode(length)));
        }
    }

    /** A branch starts: no event of the service's own, a line that ties the branch's frame to its parent's. */
    static void branchStarted(Step s, Frame parent, Frame child, ParallelState p, int branch) {
        if (s.recording()) {
            s.record(Type.BRANCH_STARTED, child, p.name(), child(parent, "branch", branch));
        }
    }

    static void iterationStarted(Step s, Frame parent, Frame child, MapState m, int index) {
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.MAP_ITERATION_STARTED, child, m.name(), child(parent, "index", index));
        }
    }

    /** Iteration {@code index}, in frame {@code childId} (already gone), ended well. */
    static void iterationSucceeded(Step s, Frame parent, int childId, MapState m, int index) {
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            s.record(Type.MAP_ITERATION_SUCCEEDED, childId, m.name(), child(parent, "index", index));
        }
    }

    /** Child frame {@code child} of {@code parent} fails: MapIterationFailed for an iteration, then its state's abort. */
    static void childFailed(Step s, Frame child, Frame parent) {
        State parentState = s.stateOf(parent);
        if (parentState instanceof MapState m) {
            ServiceEvents.count(s, 1);
            if (s.recording()) {
                s.record(Type.MAP_ITERATION_FAILED, child, m.name(), child(parent, "index", child.indexInParent()));
            }
        } else if (s.recording()) {
            s.record(Type.BRANCH_FAILED, child, parentState.name(), child(parent, "branch", child.indexInParent()));
        }
        State state = child.state() == null ? null : s.stateOf(child);
        if (state instanceof TaskState || state instanceof WaitState) {
            stateAborted(s, child, state);
        }
    }

    /** {@code f}'s children are stopped: each still running is aborted, in the order they started. */
    static void aborted(Step s, Frame f) {
        List<Frame> running = new ArrayList<>();
        for (Frame d : s.execution.frames()) {
            if (d != f && descendsFrom(s, d, f.id())) {
                running.add(d);
            }
        }
        running.sort(Comparator.comparingInt(Frame::id));
        for (Frame d : running) {
            Frame parent = s.execution.frame(d.parentId());
            if (parent != null && parent.state() != null && s.stateOf(parent) instanceof MapState m) {
                ServiceEvents.count(s, 1);
                if (s.recording()) {
                    s.record(Type.MAP_ITERATION_ABORTED, d, m.name(), child(parent, "index", d.indexInParent()));
                }
            }
            State state = d.state() == null ? null : s.stateOf(d);
            if (state instanceof TaskState || state instanceof WaitState || state instanceof MapState || state instanceof ParallelState) {
                stateAborted(s, d, state);
            }
        }
    }

    static void succeeded(Step s, Frame f, State state) {
        ServiceEvents.count(s, 1);
        s.record(state instanceof ParallelState ? Type.PARALLEL_STATE_SUCCEEDED : Type.MAP_STATE_SUCCEEDED, f, state.name(), null);
    }

    static void failed(Step s, Frame f, State state) {
        ServiceEvents.count(s, 1);
        s.record(state instanceof ParallelState ? Type.PARALLEL_STATE_FAILED : Type.MAP_STATE_FAILED, f, state.name(), null);
    }

    /** A JSONata error in the state: EvaluationFailed, naming the error, its cause and the state. */
    static void evaluationFailed(Step s, Frame f, State state, String error, String cause) {
        ServiceEvents.count(s, 1);
        if (s.recording()) {
            ObjectNode detail = Step.errorDetail(error, cause);
            s.record(Type.EVALUATION_FAILED, f, state.name(), detail);
        }
    }

    private static void stateAborted(Step s, Frame f, State state) {
        ServiceEvents.count(s, 1);
        s.record(Type.STATE_ABORTED, f, state.name(), null);
    }

    private static ObjectNode child(Frame parent, String field, int index) {
        ObjectNode o = Json.object();
        o.put(field, index);
        o.put("parent", parent.id());
        return o;
    }

    static boolean descendsFrom(Step s, Frame f, int ancestorId) {
        int parent = f.parentId();
        while (parent >= 0) {
            if (parent == ancestorId) {
                return true;
            }
            Frame p = s.execution.frame(parent);
            if (p == null) {
                return false;
            }
            parent = p.parentId();
        }
        return false;
    }
}
