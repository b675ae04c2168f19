package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.ValueTemplate;
import io.sluice.orchestration.path.Variables;

/**
 * ResultSelector, ResultPath and OutputPath: how a JSONPath state turns its result into its output.
 * A JSONata state has none of them ({@link #IDENTITY}): its output is its result, or its Output.
 */
public record ResultHandling(ValueTemplate resultSelector, ResultPath resultPath, Selector outputPath) {
    public static final ResultHandling IDENTITY = new ResultHandling(null, ResultPath.REPLACE, Selector.identity("OutputPath"));

    /** The result after ResultSelector; {@code scope} gives the context object and variables. */
    public JsonNode select(JsonNode result, Scope scope) {
        return resultSelector == null ? result : resultSelector.render(scope.withInput(result));
    }

    /**
     * The state's output: the selected result placed into the raw input at ResultPath, then OutputPath
     * (which may read a workflow variable).
     */
    public JsonNode place(JsonNode rawInput, JsonNode selected, JsonNode context, Variables variables) {
        return outputPath.apply(resultPath.apply(rawInput, selected), context, variables);
    }
}
