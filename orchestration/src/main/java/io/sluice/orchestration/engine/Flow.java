package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.ChoiceState;
import io.sluice.orchestration.definition.Exit;
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
        ServiceEvents.entered(s, f);
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
                case MapState m when m.distributed() != null -> DistributedMaps.dispatch(s, f, m);
                case MapState m -> ForkJoin.startMap(s, f, m);
            }
        } catch (AslException e) {
            Errors.raised(s, f, state, e);
        }
    }

    /** Leaves the frame's state with {@code output}: on to {@code next}, or the frame ends when there is none. */
    static void exit(Step s, Frame f, String next, JsonNode output) {
        try {
            PayloadLimit.check(output, () -> "the output of state '" + f.state() + "'");
        } catch (AslException e) {
            Errors.stateFailed(s, f, s.stateOf(f), e.error(), e.cause()); // terminal: no Retry or Catch takes it
            return;
        }
        ServiceEvents.count(s, 1);
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
        if (p.exit().jsonata()) {
            Scope scope = Dataflow.scope(s, f, f.rawInput(), ctx);
            JsonNode result = p.fixedResult() != null ? p.fixedResult() : f.rawInput();
            exit(s, f, p.next(), Dataflow.leave(s, f, p.name(), p.exit(), scope, result));
            return;
        }
        JsonNode effective = p.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        Scope scope = Dataflow.scope(s, f, effective, ctx);
        if (p.parameters() != null) {
            effective = p.parameters().render(scope);
        }
        JsonNode result = p.fixedResult() != null ? p.fixedResult() : effective;
        JsonNode output = p.outputPath().apply(p.resultPath().apply(f.rawInput(), result), ctx, scope.variables());
        exit(s, f, p.next(), Dataflow.leave(s, f, p.name(), p.exit(), scope.withInput(result), output));
    }

    private static void choice(Step s, Frame f, ChoiceState c) {
        JsonNode ctx = ContextObject.ifUsed(s, f, c.usesContext());
        JsonNode effective = c.inputPath().apply(f.rawInput(), ctx, Variables.visible(s.execution, f));
        Scope scope = Dataflow.scope(s, f, effective, ctx);
        String next = c.defaultNext();
        Exit leaving = c.exit();
        for (ChoiceState.Branch branch : c.choices()) {
            if (branch.rule().matches(scope)) {
                next = branch.next();
                if (!branch.exit().isEmpty()) {
                    leaving = branch.exit();
                }
                break;
            }
        }
        if (next == null) {
            throw new AslException(ErrorNames.NO_CHOICE_MATCHED,
                    "No Choice rule of state '" + c.name() + "' matched the input and it has no Default.");
        }
        exit(s, f, next, Dataflow.leave(s, f, c.name(), leaving, scope, c.outputPath().apply(effective, ctx, scope.variables())));
    }

    private static void succeed(Step s, Frame f, SucceedState ok) {
        JsonNode ctx = ContextObject.ifUsed(s, f, ok.usesContext());
        io.sluice.orchestration.path.Variables vars = Variables.visible(s.execution, f);
        JsonNode output = ok.outputPath().apply(ok.inputPath().apply(f.rawInput(), ctx, vars), ctx, vars);
        exit(s, f, null, Dataflow.leave(s, f, ok.name(), ok.exit(), Dataflow.scope(s, f, f.rawInput(), ctx), output));
    }

    private static void failState(Step s, Frame f, FailState fail) {
        JsonNode ctx = ContextObject.ifUsed(s, f, fail.usesContext());
        Scope scope = Dataflow.scope(s, f, f.rawInput(), ctx);
        boolean jsonata = fail.exit().jsonata();
        String error = fail.errorPath() != null ? pathText(fail.errorPath(), scope, "Error", fail.name(), jsonata) : fail.error();
        String cause = fail.causePath() != null ? pathText(fail.causePath(), scope, "Cause", fail.name(), jsonata) : fail.cause();
        // A Fail state without Error fails with none, as on AWS: no name is made up for it.
        Frames.fail(s, f, error, cause == null ? "" : cause);
    }

    private static String pathText(io.sluice.orchestration.definition.PathOrIntrinsic path, Scope scope, String field, String state,
                                   boolean jsonata) {
        JsonNode value = path.select(scope);
        if (value == null && !jsonata && path instanceof io.sluice.orchestration.definition.PathOrIntrinsic.OfPath) {
            // As AWS words it (LocalStack's aws.validated test_invalid_jsonpath[INVALID_JSONPATH_IN_ERRORPATH]).
            throw new AslException(ErrorNames.RUNTIME, "The JSONPath '" + path.text() + "' specified for the field '" + field
                    + "Path' could not be found in the input '" + io.sluice.orchestration.json.Json.write(scope.input()) + "'");
        }
        if (value == null || !value.isTextual()) {
            throw new AslException(jsonata ? ErrorNames.QUERY_EVALUATION_ERROR : ErrorNames.RUNTIME, field + " (or " + field + "Path) of Fail state '" + state
                    + "' must give a string, but gave " + io.sluice.orchestration.json.Json.typeName(value) + ".");
        }
        return value.asText();
    }
}
