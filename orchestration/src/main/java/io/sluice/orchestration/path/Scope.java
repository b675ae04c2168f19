package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a path or intrinsic function is evaluated against: the state's input ({@code $}), the
 * context object ({@code $$}), and the randomness the core was given.
 */
public record Scope(JsonNode input, JsonNode context, RandomSource random) {}
