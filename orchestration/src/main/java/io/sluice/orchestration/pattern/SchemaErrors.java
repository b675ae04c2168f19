package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a validator error into a {@link ConfigProblem}: a pointer to the value to change and a
 * sentence. The common cases (missing field, unknown field, wrong type) are phrased here, with the
 * field's description or the allowed fields taken from the schema; the rest use the validator's
 * own wording followed by the value found.
 */
final class SchemaErrors {
    private SchemaErrors() {}

    static ConfigProblem describe(Error error, JsonNode schema) {
        String at = ConfigSchema.pointer(error.getInstanceLocation());
        JsonNode schemaObject = schema.at(parentOf(ConfigSchema.pointer(error.getSchemaLocation().getFragment())));
        return switch (error.getKeyword()) {
            case "required" -> missing(at, error.getProperty(), schemaObject);
            case "additionalProperties" -> unknown(at, error.getProperty(), schemaObject);
            default -> new ConfigProblem(at, sentence(error.getKeyword(), error.getSchemaNode(), error.getInstanceNode(), error.getMessage()));
        };
    }

    /** What is wrong with a value, given the schema keyword it breaks and that keyword's value. */
    private static String sentence(String keyword, JsonNode rule, JsonNode value, String fallback) {
        String found = found(value);
        return switch (keyword) {
            case "type" -> "Expected " + article(expectedTypes(rule)) + ", but found " + found + ".";
            case "enum" -> "Expected one of " + Json.write(rule) + ", but found " + found + ".";
            case "minItems" -> "Needs at least " + rule.asText() + (rule.asInt() == 1 ? " entry" : " entries")
                    + ", but has " + value.size() + ".";
            case "maxItems" -> "Allows at most " + rule.asText() + " entries, but has " + value.size() + ".";
            case "minLength" -> rule.asInt() == 1 ? "Must not be empty."
                    : "Must be at least " + rule.asText() + " characters long, but found " + found + ".";
            case "minimum" -> "Must be " + rule.asText() + " or more, but found " + found + ".";
            case "maximum" -> "Must be " + rule.asText() + " or less, but found " + found + ".";
            case "pattern" -> "Must match the pattern " + rule.asText() + ", but found " + found + ".";
            case "uniqueItems" -> "Must not name the same value twice, but found " + found + ".";
            default -> capitalize(fallback) + "; found " + found + ".";
        };
    }

    private static ConfigProblem missing(String at, String field, JsonNode schemaObject) {
        String description = schemaObject.path("properties").path(field).path("description").asText("");
        String sentence = "Required field '" + field + "' is missing"
                + (description.isEmpty() ? "." : ": " + lowerFirst(description));
        return new ConfigProblem(at + "/" + escape(field), sentence);
    }

    private static ConfigProblem unknown(String at, String field, JsonNode schemaObject) {
        List<String> allowed = new ArrayList<>();
        schemaObject.path("properties").fieldNames().forEachRemaining(allowed::add);
        String sentence = "'" + field + "' is not a field here"
                + (allowed.isEmpty() ? "." : "; the fields are " + String.join(", ", allowed) + ".");
        return new ConfigProblem(at + "/" + escape(field), sentence);
    }

    private static String expectedTypes(JsonNode typeKeyword) {
        if (typeKeyword == null || typeKeyword.isMissingNode()) {
            return "another type";
        }
        if (typeKeyword.isArray()) {
            List<String> names = new ArrayList<>();
            typeKeyword.forEach(t -> names.add(t.asText()));
            return String.join(" or ", names);
        }
        return typeKeyword.asText();
    }

    private static String found(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "nothing";
        }
        if (value.isNull()) {
            return "null";
        }
        String text = Json.write(value);
        String shown = text.length() > 60 ? text.substring(0, 57) + "..." : text;
        return value.isContainerNode() && text.length() > 60 ? Json.typeName(value) : Json.typeName(value) + " " + shown;
    }

    private static String article(String type) {
        return (type.startsWith("a") || type.startsWith("i") || type.startsWith("o") ? "an " : "a ") + type;
    }

    private static String parentOf(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    private static String escape(String field) {
        return field.replace("~", "~0").replace("/", "~1");
    }

    private static String capitalize(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
