package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.math.BigDecimal;
import java.time.Instant;

/** Reading a request's members and writing an answer's, as the AWS JSON 1.0 protocol has them. */
final class Fields {
    private Fields() {}

    static String required(JsonNode request, String field) {
        String value = optional(request, field);
        if (value == null) {
            throw SfnError.MISSING_REQUIRED_PARAMETER.with("'" + field + "' is required.");
        }
        return value;
    }

    static String optional(JsonNode request, String field) {
        JsonNode v = request.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw SfnError.VALIDATION.with("1 validation error detected: Value at '" + field + "' failed to satisfy constraint: "
                    + "expected a string, got " + v.getNodeType().name().toLowerCase() + ".");
        }
        return v.asText();
    }

    static boolean flag(JsonNode request, String field, boolean otherwise) {
        JsonNode v = request.get(field);
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.isBoolean()) {
            throw SfnError.VALIDATION.with("Value at '" + field + "' failed to satisfy constraint: expected true or false.");
        }
        return v.asBoolean();
    }

    /** {@code maxResults}: 0 (or absent) for the service's default page size, else 1-1000. */
    static int maxResults(JsonNode request, int otherwise) {
        JsonNode v = request.get("maxResults");
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.canConvertToInt() || v.asInt() < 0 || v.asInt() > 1000) {
            throw SfnError.VALIDATION.with("1 validation error detected: Value '" + v + "' at 'maxResults' failed to satisfy constraint: "
                    + "Member must have value less than or equal to 1000 and greater than or equal to 0.");
        }
        return v.asInt() == 0 ? otherwise : v.asInt();
    }

    /** A JSON text member ({@code input}, {@code output}): {@code "{}"} when absent. */
    static JsonNode json(JsonNode request, String field, SfnError error) {
        String text = optional(request, field);
        if (text == null) {
            return Json.object();
        }
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw error.with("Invalid " + field + ": '" + field + "' must be a JSON text (" + e.getMessage() + ").");
        }
    }

    /** A timestamp as the protocol writes one: seconds since the epoch, with milliseconds. */
    static void time(ObjectNode out, String field, Instant at) {
        if (at != null) {
            out.put(field, BigDecimal.valueOf(at.toEpochMilli(), 3));
        }
    }

    static ObjectNode object() {
        return Json.object();
    }
}
