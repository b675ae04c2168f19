package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads request bodies and their fields, failing with an {@link ApiProblems.InvalidRequest} that names the field. */
final class RequestJson {
    private static final int SHOWN = 60;
    /**
     * How deep a body may nest. Well under the JSON library's own limit of 1000, so that what is
     * accepted can be stored, wrapped in state and history events, and read back.
     */
    static final int MAX_DEPTH = 256;

    private RequestJson() {}

    /** The raw request body; {@link BrowserGuardFilter} has made sure it was declared JSON. */
    static String read(HttpServletRequest request) {
        try {
            return new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        }
    }

    /** The body as JSON, nested at most {@link #MAX_DEPTH} deep; an empty body is {@code {}}. */
    static JsonNode body(String text) {
        if (text == null || text.isBlank()) {
            return Json.object();
        }
        String expected = "a JSON document nested at most " + MAX_DEPTH + " deep";
        JsonNode body;
        try {
            body = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ApiProblems.InvalidRequest("body", expected, e.getMessage().contains("nesting depth")
                    ? "one nested deeper than the parser takes" : e.getMessage());
        }
        int depth = depth(body, 1);
        if (depth > MAX_DEPTH) {
            throw new ApiProblems.InvalidRequest("body", expected, "one nested " + depth + " deep");
        }
        return body;
    }

    /** Levels of objects and arrays, {@code node}'s counted as {@code level}; the parser has bounded the recursion. */
    private static int depth(JsonNode node, int level) {
        if (!node.isContainerNode()) {
            return level - 1;
        }
        int deepest = level;
        for (JsonNode child : node) {
            deepest = Math.max(deepest, depth(child, level + 1));
            if (deepest > MAX_DEPTH) {
                return deepest;
            }
        }
        return deepest;
    }

    /** The body as a JSON object; an empty body is {@code {}}. */
    static JsonNode object(String text) {
        JsonNode body = body(text);
        if (!body.isObject()) {
            throw new ApiProblems.InvalidRequest("body", "a JSON object", "a JSON " + Json.typeName(body));
        }
        return body;
    }

    /** An optional string field; {@code null} when absent or JSON null. */
    static String optionalString(JsonNode object, String field, int maxLength) {
        JsonNode v = object.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        String expected = "a string of at most " + maxLength + " characters";
        if (!v.isTextual()) {
            throw new ApiProblems.InvalidRequest(field, expected, "a JSON " + Json.typeName(v));
        }
        if (v.asText().length() > maxLength) {
            throw new ApiProblems.InvalidRequest(field, expected, v.asText().length() + " characters");
        }
        return v.asText();
    }

    /** A value for a message: quoted, and cut when long. */
    static String shown(String value) {
        return "'" + (value.length() > SHOWN ? value.substring(0, SHOWN) + "..." : value) + "'";
    }
}
