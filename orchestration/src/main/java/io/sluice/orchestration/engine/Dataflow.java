package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Exit;
import io.sluice.orchestration.definition.ResultHandling;
import io.sluice.orchestration.path.Scope;

/**
 * What both query languages share as a state leaves: the scope its values are computed in, the
 * JSONata Output, and Assign. All of a state's values are computed against the variables as they
 * were on entry; the assignments are made last.
 */
final class Dataflow {
    private Dataflow() {}

    /** The scope of a frame: {@code input}, the context object, its visible variables, the time and randomness. */
    static Scope scope(Step s, Frame f, JsonNode input, JsonNode context) {
        return new Scope(input, context, s.random, Variables.visible(s.execution, f), null, null, s.now, s.ticker);
    }

    /**
     * The state's output, after assigning its variables: in JSONata the Output if there is one, else
     * {@code output}; in JSONPath {@code output}, already shaped by the paths, with {@code scope}'s
     * input being what Assign's {@code $} reads.
     */
    static JsonNode leave(Step s, Frame f, String state, Exit exit, Scope scope, JsonNode output) {
        JsonNode out = exit.output() != null ? exit.output().render(scope) : output;
        if (exit.assign() != null) {
            Variables.assign(s.execution, f, state, exit.assign().render(scope));
        }
        return out;
    }

    /** Task, Parallel and Map: the output for {@code result}, by the state's ResultSelector/ResultPath/OutputPath or Output. */
    static JsonNode withResult(Step s, Frame f, String state, Exit exit, ResultHandling handling, JsonNode result, JsonNode ctx) {
        Scope base = scope(s, f, f.rawInput(), ctx);
        if (exit.jsonata()) {
            return leave(s, f, state, exit, base.withResult(result), result);
        }
        JsonNode selected = handling.select(result, base);
        JsonNode output = handling.place(f.rawInput(), selected, ctx, base.variables());
        return leave(s, f, state, exit, base.withInput(selected), output);
    }
}
