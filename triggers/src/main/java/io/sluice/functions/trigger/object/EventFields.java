package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Reading fields of event records by dotted path ({@code s3.object.key}). A field that is present
 * must be well-formed; the parsers turn the {@link Malformed} this throws into a rejection of that
 * one record, never of the batch.
 */
final class EventFields {
    private EventFields() {}

    /** A record that cannot be read; caught at the record boundary of every parser. */
    static final class Malformed extends RuntimeException {
        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    static JsonNode at(JsonNode root, String dotted) {
        JsonNode node = root;
        for (String step : dotted.split("\\.")) {
            node = node.path(step);
        }
        return node;
    }

    static boolean absent(JsonNode node) {
        return node.isMissingNode() || node.isNull();
    }

    /** The text at {@code dotted}; {@code null} when absent and not {@code required}. */
    static String text(JsonNode root, String dotted, boolean required) {
        JsonNode node = at(root, dotted);
        if (absent(node)) {
            if (required) {
                throw new Malformed(dotted + " is missing");
            }
            return null;
        }
        if (!node.isTextual()) {
            throw new Malformed(dotted + " should be a string but is " + Json.typeName(node));
        }
        return node.asText();
    }

    /** A required size in bytes: a whole number ≥ 0, or a string of digits (some emitters quote it). */
    static long size(JsonNode root, String dotted) {
        JsonNode node = at(root, dotted);
        if (absent(node)) {
            throw new Malformed(dotted + " is missing");
        }
        if (node.isIntegralNumber() && node.canConvertToLong() && node.asLong() >= 0) {
            return node.asLong();
        }
        if (node.isTextual() && node.asText().matches("[0-9]{1,18}")) {
            return Long.parseLong(node.asText());
        }
        throw new Malformed(dotted + " should be a whole number of bytes ≥ 0 but is " + Json.write(node));
    }

    /** An optional ISO-8601 instant. */
    static Instant time(JsonNode root, String dotted) {
        String text = text(root, dotted, false);
        if (text == null) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new Malformed(dotted + " should be an ISO-8601 time such as 2026-11-29T05:00:00Z but is \"" + text + "\"");
        }
    }

    /** An entity tag without the quotes HTTP puts around it ({@code "\"0x8D4B\""} → {@code 0x8D4B}); blank is none. */
    static String etag(String raw) {
        if (raw == null) {
            return null;
        }
        String t = raw.strip();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        return t.isEmpty() ? null : t;
    }

    /** A version id; S3's literal {@code "null"} (unversioned or suspended) is no version: it is overwritten in place. */
    static String version(String raw) {
        return raw == null || raw.isBlank() || raw.equals("null") ? null : raw;
    }
}
