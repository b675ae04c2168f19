package io.sluice.orchestration.path;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * What a path, intrinsic function or JSONata expression is evaluated against: the state's input
 * ({@code $}, {@code $states.input}), the context object ({@code $$}, {@code $states.context}), the
 * visible workflow variables, the state's result and error output where there is one
 * ({@code $states.result}, {@code $states.errorOutput}), and the time and randomness the core was
 * given ({@code $now()}, {@code $random()}, {@code $uuid()}).
 */
public record Scope(JsonNode input, JsonNode context, RandomSource random, Variables variables,
                    JsonNode result, JsonNode errorOutput, Instant now, Ticker ticker) {

    public Scope {
        variables = variables == null ? Variables.NONE : variables;
        ticker = ticker == null ? Ticker.NONE : ticker;
    }

    /** A scope without a ticker: the wall-clock backstop of JSONata evaluation is off (see {@link Ticker}). */
    public Scope(JsonNode input, JsonNode context, RandomSource random, Variables variables,
                 JsonNode result, JsonNode errorOutput, Instant now) {
        this(input, context, random, variables, result, errorOutput, now, Ticker.NONE);
    }

    /** A scope over input and context only, with no variables and no time (paths and intrinsic functions). */
    public Scope(JsonNode input, JsonNode context, RandomSource random) {
        this(input, context, random, Variables.NONE, null, null, null);
    }

    public Scope withInput(JsonNode value) {
        return new Scope(value, context, random, variables, result, errorOutput, now, ticker);
    }

    public Scope withResult(JsonNode value) {
        return new Scope(input, context, random, variables, value, errorOutput, now, ticker);
    }

    public Scope withErrorOutput(JsonNode value) {
        return new Scope(input, context, random, variables, result, value, now, ticker);
    }

    public Scope withContext(JsonNode value) {
        return new Scope(input, value, random, variables, result, errorOutput, now, ticker);
    }
}
