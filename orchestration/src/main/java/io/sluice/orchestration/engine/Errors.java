package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.CatchPolicy;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.ParallelState;
import io.sluice.orchestration.definition.Recovery;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.TaskState;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.retry.RetryPolicy;

/** A state failed: retry it, catch the error, or fail the frame — in that order, as Step Functions does. */
final class Errors {
    private Errors() {}

    static void stateFailed(Step s, Frame f, State state, String error, String cause) {
        stateFailed(s, f, state, error, cause, false, ErrorNames.isTerminal(error));
    }

    /** The engine raised an error while executing the frame's state: as {@link #stateFailed}, its cause worded as AWS's ({@link ServiceEvents#located}). */
    static void raised(Step s, Frame f, State state, AslException e) {
        String cause = ServiceEvents.located(f, e.error(), e.cause());
        if (ErrorNames.QUERY_EVALUATION_ERROR.equals(e.error())) {
            // AWS records a JSONata error as EvaluationFailed, and a Map or Parallel failing so as MapStateFailed or
            // ParallelStateFailed after it (test_base_scenarios.snapshot.json: test_map_state_items_input_types[*],
            // test_map_state_items_eval_jsonata_fail[*]; test_error_output.snapshot.json: test_map_catch_error[MAP_CATCH_ERROR_OUTPUT_WITH_RETRY]).
            ForkEvents.evaluationFailed(s, f, state, e.error(), cause);
            stateFailed(s, f, state, e.error(), cause, false, ErrorNames.isTerminal(e.error()),
                    state instanceof MapState || state instanceof ParallelState);
            return;
        }
        stateFailed(s, f, state, e.error(), cause);
    }

    /** A task reported a failure: as {@link #stateFailed}, but terminal only as {@link ErrorNames#isTerminal(String, boolean)} says. */
    static void taskFailed(Step s, Frame f, State state, String error, String cause) {
        stateFailed(s, f, state, error, cause, false, ErrorNames.isTerminal(error, true));
    }

    /**
     * A Parallel's or Map's children (or its map run) failed: as {@link #stateFailed}, and unless a retrier takes the error,
     * the state's own Failed event ({@link ForkEvents#failed}) before it is caught or fails its frame.
     *
     * @param fromBranch the error came out of a child frame, so {@code States.BranchFailed} handles it too
     */
    static void joinFailed(Step s, Frame f, State state, String error, String cause, boolean fromBranch) {
        stateFailed(s, f, state, error, cause, fromBranch, ErrorNames.isTerminal(error), true);
    }

    private static void stateFailed(Step s, Frame f, State state, String error, String cause, boolean fromBranch, boolean terminal) {
        stateFailed(s, f, state, error, cause, fromBranch, terminal, false);
    }

    private static void stateFailed(Step s, Frame f, State state, String error, String cause, boolean fromBranch, boolean terminal,
                                    boolean joinEvents) {
        s.cancelFrameTimers(f);
        if (f.join() != null) {
            ForkEvents.aborted(s, f);
            Frames.cancelDescendants(s, f);
        }
        f.clearWaiting();
        Recovery recovery = recoveryOf(state);
        int retrier = recovery.retrierFor(error, fromBranch, terminal);
        if (retrier >= 0) {
            RetryPolicy policy = recovery.retry().get(retrier);
            int done = f.retriesOf(retrier, recovery.retry().size());
            if (policy.allowsRetry(done)) {
                retry(s, f, policy.delayMillis(done, s.random), retrier, error, cause);
                return;
            }
        }
        if (joinEvents) {
            ForkEvents.failed(s, f, state);
        }
        CatchPolicy catcher = recovery.catcherFor(error, fromBranch, terminal);
        if (catcher != null) {
            ObjectNode errorOutput = Json.object();
            errorOutput.put("Error", error);
            errorOutput.put("Cause", cause);
            JsonNode output;
            try {
                output = caught(s, f, state, catcher, errorOutput);
            } catch (AslException e) {
                Frames.fail(s, f, e.error(), ServiceEvents.located(f, e.error(), e.cause()));
                return;
            }
            if (s.recording()) {
                s.record(Type.CAUGHT, f, state.name(), Step.errorDetail(error, cause));
            }
            Flow.exit(s, f, catcher.next(), output);
            return;
        }
        Frames.fail(s, f, error, cause);
    }

    /** A catcher's output: ResultPath (JSONPath) or Output (JSONata, default the error output), after its Assign. */
    private static JsonNode caught(Step s, Frame f, State state, CatchPolicy catcher, ObjectNode errorOutput) {
        JsonNode ctx = ContextObject.ifUsed(s, f, state.usesContext());
        io.sluice.orchestration.path.Scope scope = Dataflow.scope(s, f, f.rawInput(), ctx).withErrorOutput(errorOutput);
        if (catcher.exit().jsonata()) {
            return Dataflow.leave(s, f, state.name(), catcher.exit(), scope, errorOutput);
        }
        JsonNode output = catcher.resultPath().apply(f.rawInput(), errorOutput);
        return Dataflow.leave(s, f, state.name(), catcher.exit(), scope.withInput(errorOutput), output);
    }

    private static void retry(Step s, Frame f, long delayMillis, int retrier, String error, String cause) {
        f.countRetry(retrier);
        if (s.recording()) {
            ObjectNode detail = Step.errorDetail(error, cause);
            detail.put("retry", f.attempt());
            detail.put("delayMillis", delayMillis);
            s.record(Type.TASK_RETRY_SCHEDULED, f, f.state(), detail);
        }
        if (delayMillis <= 0) {
            s.later(f, () -> Flow.run(s, f));
        } else {
            f.waiting = Frame.Waiting.RETRY;
            s.startTimer(f, TimerRef.Kind.RETRY, s.now.plusMillis(delayMillis));
        }
    }

    private static Recovery recoveryOf(State state) {
        return switch (state) {
            case TaskState t -> t.recovery();
            case ParallelState p -> p.recovery();
            case MapState m -> m.recovery();
            default -> Recovery.NONE;
        };
    }
}
