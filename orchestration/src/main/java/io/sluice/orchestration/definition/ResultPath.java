package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.ReferencePath;

/**
 * Where a state's result goes in its raw input: {@code $} (the default) replaces the input, a
 * deeper reference path merges into a copy of it, and {@code null} discards the result.
 */
public record ResultPath(ReferencePath path) {
    public static final ResultPath REPLACE = new ResultPath(ReferencePath.parse("$"));
    public static final ResultPath DISCARD = new ResultPath(null);

    public JsonNode apply(JsonNode rawInput, JsonNode result) {
        if (path == null) {
            return rawInput;
        }
        return path.set(rawInput, result);
    }

    @Override
    public String toString() {
        return path == null ? "null" : path.text();
    }
}
