package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The workflow variables a state can read ({@code $name} in paths and JSONata expressions): its own
 * scope's and every enclosing scope's, innermost first.
 */
@FunctionalInterface
public interface Variables {
    Variables NONE = name -> null;

    /** The value of variable {@code name}, or {@code null} when no visible scope has assigned it. */
    JsonNode get(String name);
}
