package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Jsonata;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.Scope;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The bindings of one rendering: {@code $states} (input, result, error output, context), the
 * workflow variables the template reads and the pure clock and random functions. Built once per
 * template rendering and shared by its expressions, so the state's input is converted once.
 */
final class Evaluation {
    private final Jsonata.Frame frame;
    private final Object input;
    private final StepBudget budget;

    Evaluation(Scope scope, Set<String> variables, boolean readsContext) {
        this.frame = new Jsonata.Frame(null);
        this.budget = StepBudget.install(frame, scope.ticker());
        this.input = JsonataValues.toJava(scope.input());
        Map<String, Object> states = new LinkedHashMap<>();
        states.put("input", input);
        if (scope.result() != null) {
            states.put("result", JsonataValues.toJava(scope.result()));
        }
        if (scope.errorOutput() != null) {
            states.put("errorOutput", JsonataValues.toJava(scope.errorOutput()));
        }
        if (readsContext && scope.context() != null) {
            states.put("context", JsonataValues.toJava(scope.context()));
        }
        frame.bind("states", states);
        for (String name : variables) {
            JsonNode value = scope.variables().get(name);
            if (value != null) {
                frame.bind(name, JsonataValues.toJava(value));
            }
        }
        PureFunctions.bind(frame, scope);
    }

    Jsonata.Frame frame() {
        return frame;
    }

    StepBudget budget() {
        return budget;
    }

    Object input() {
        return input;
    }
}
