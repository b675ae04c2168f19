package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;

/**
 * A config's {@code retry} section, which becomes the {@code States.ALL} retrier of every step.
 * ASL has no path form for Retry fields, so these values are part of the definition's shape: change
 * them and the definition (and its hash) changes. The defaults match the schemas' {@code default}s.
 */
public record RetrySettings(int maxAttempts, int intervalSeconds, double backoffRate, Integer maxDelaySeconds, String jitter) {
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final int DEFAULT_INTERVAL_SECONDS = 5;
    public static final double DEFAULT_BACKOFF_RATE = 2.0;
    public static final String DEFAULT_JITTER = "NONE";

    /** Reads a schema-valid {@code retry} object; a missing section or field takes its default. */
    public static RetrySettings from(JsonNode retry) {
        JsonNode r = retry == null ? Json.object() : retry;
        return new RetrySettings(
                r.path("maxAttempts").asInt(DEFAULT_MAX_ATTEMPTS),
                r.path("intervalSeconds").asInt(DEFAULT_INTERVAL_SECONDS),
                r.path("backoffRate").asDouble(DEFAULT_BACKOFF_RATE),
                r.has("maxDelaySeconds") ? Integer.valueOf(r.get("maxDelaySeconds").asInt()) : null,
                r.path("jitter").asText(DEFAULT_JITTER));
    }

    /** The ASL retrier: {@code States.ALL} with exponential backoff. */
    public ObjectNode retrier() {
        ObjectNode retrier = Json.object();
        ArrayNode errors = retrier.putArray("ErrorEquals");
        errors.add(ErrorNames.ALL);
        retrier.put("IntervalSeconds", intervalSeconds);
        retrier.put("MaxAttempts", maxAttempts);
        retrier.put("BackoffRate", backoffRate);
        if (maxDelaySeconds != null) {
            retrier.put("MaxDelaySeconds", maxDelaySeconds);
        }
        if (!DEFAULT_JITTER.equals(jitter)) {
            retrier.put("JitterStrategy", jitter);
        }
        return retrier;
    }
}
