package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;

/** ResultSelector, ResultPath and OutputPath: how a state turns its result into its output. */
public record ResultHandling(PayloadTemplate resultSelector, ResultPath resultPath, Selector outputPath) {

    /** The state's output for {@code result}, given its raw input and the context object. */
    public JsonNode output(JsonNode rawInput, JsonNode result, JsonNode context, RandomSource random) {
        JsonNode selected = resultSelector == null ? result : resultSelector.render(new Scope(result, context, random));
        JsonNode merged = resultPath.apply(rawInput, selected);
        return outputPath.apply(merged, context);
    }
}
