package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A JSON value some of whose parts are computed when a state runs: a JSONPath payload template
 * ({@code "name.$": "$.path"}) or a JSONata template ({@code "{% expression %}"} anywhere in it).
 * Compiled once with the definition.
 */
public interface ValueTemplate {
    /** The value for {@code scope}; fails with an {@code AslException} naming the field when a part cannot be computed. */
    JsonNode render(Scope scope);
}
