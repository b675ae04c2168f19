package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.ChoiceState;
import io.sluice.orchestration.definition.FailState;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.ParallelState;
import io.sluice.orchestration.definition.PassState;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.SucceedState;
import io.sluice.orchestration.definition.TaskState;
import io.sluice.orchestration.definition.WaitState;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.Scope;

/** Entering and leaving states, and the states that finish without waiting (Pass, Choice, Succeed, Fail). */
final class Flow {
    private Flow() {}

    static void enter(Step s, Frame f, String stateName, JsonNode input) {
        f.resetForState(stateName, input, s.now);
        s.execution.countTransition();
        if (s.recording()) {
            s.record(Type.STATE_ENTERED, f, stateName, Step.detail("input", input));
        }
        run(s, f);
    }

    /** Runs the frame's current state from its raw input: on entry, and again on a retry. */
    static void run(Step s, Frame f) {
        State state = s.stateOf(f);
        try {
            switch (state) {
                case PassState p -> pass(s, f, p);
                case ChoiceState c -> choice(s, f, c);
                case SucceedState ok -> succeed(s, f, ok);
                case FailState fail -> failState(s, f, fail);
                case WaitState w -> Waits.start(s, f, w);
                case TaskState t -> Tasks.dispatch(s, f, t);
                case ParallelState p -> ForkJoin.startParallel(s, f, p);
                case MapState m -> ForkJoin.startMap(s, f, m);
            }
        } catch (AslException e) {
            Errors.stateFailed(s, f, state, e.error(), e.cause());
        }
    }

    /** Leaves the frame's state with {@code output}: on to {@code next}, or the frame ends when there is none. */
    static void exit(Step s, Frame f, String next, JsonNode output) {
        if (s.recording()) {
            s.record(Type.STATE_EXITED, f, f.state(), Step.detail("output", output));
        }
        f.clearWaiting();
        if (next != null) {
            s.later(f, () -> enter(s, f, next, output));
        } else {
            Frames.complete(s, f, output);
        }
    }

    private static void pass(Step s, Frame f, PassState p) {
        JsonNode ctx = ContextObject.ifUsed(s, f, p.usesContext());
        JsonNode effective = p.inputPath().apply(f.rawInput(), ctx);
        if (p.parameters() != null) {
            effective = p.parameters().render(new Scope(effective, ctx, s.random));
        }
        JsonNode result = p.fixedResult() != null ? p.fixedResult() : effective;
        JsonNode output = p.outputPath().apply(p.resultPath().apply(f.rawInput(), result), ctx);
        exit(s, f, p.next(), output);
    }

    private static void choice(Step s, Frame f, ChoiceState c) {
        JsonNode ctx = ContextObject.ifUsed(s, f, c.usesContext());
        JsonNode effective = c.inputPath().apply(f.rawInput(), ctx);
        Scope scope = new Scope(effective, ctx, s.random);
        String next = c.defaultNext();
        for (ChoiceState.Branch branch : c.choices()) {
            if (branch.rule().matches(scope)) {
                next = branch.next();
                break;
            }
        }
        if (next == null) {
            throw new AslException(ErrorNames.NO_CHOICE_MATCHED,
                    "No Choice rule of state '" + c.name() + "' matched the input and it has no Default.");
        }
        exit(s, f, next, c.outputPath().apply(effective, ctx));
    }

    private static void succeed(Step s, Frame f, SucceedState ok) {
        JsonNode ctx = ContextObject.ifUsed(s, f, ok.usesContext());
        exit(s, f, null, ok.outputPath().apply(ok.inputPath().apply(f.rawInput(), ctx), ctx));
    }

    private static void failState(Step s, Frame f, FailState fail) {
        JsonNode ctx = ContextObject.ifUsed(s, f, fail.usesContext());
        Scope scope = new Scope(f.rawInput(), ctx, s.random);
        String error = fail.errorPath() != null ? pathText(fail.errorPath().select(scope), "ErrorPath", fail.name()) : fail.error();
        String cause = fail.causePath() != null ? pathText(fail.causePath().select(scope), "CausePath", fail.name()) : fail.cause();
        Frames.fail(s, f, error == null ? "States.Fail" : error, cause == null ? "" : cause);
    }

    private static String pathText(JsonNode value, String field, String state) {
        if (value == null || !value.isTextual()) {
            throw new AslException(ErrorNames.RUNTIME, field + " of Fail state '" + state + "' must select a string.");
        }
        return value.asText();
    }
}
