package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;

/** A function's result as the text it wrote: JSON, or {@code null} when it wrote nothing. */
final class Results {
    private Results() {}

    static JsonNode json(String function, String text) {
        if (text.isBlank()) {
            return Json.NODES.nullNode();
        }
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw FunctionErrors.unknown(function, "its result is not JSON (" + text.strip().length() + " characters starting '"
                    + text.strip().substring(0, Math.min(40, text.strip().length())) + "')");
        }
    }
}
