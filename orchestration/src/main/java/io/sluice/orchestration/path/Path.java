package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/** A compiled path over a JSON document: a {@link ReferencePath} or a full {@link QueryPath}. */
public sealed interface Path permits ReferencePath, QueryPath {
    /** The path as written. */
    String text();

    /**
     * The selected node, or {@code null} when a definite path names nothing. An indefinite path
     * (wildcards, filters, slices) selects an array of every match, possibly empty.
     */
    JsonNode select(JsonNode root);
}
