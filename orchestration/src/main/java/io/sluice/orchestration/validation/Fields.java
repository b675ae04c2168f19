package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Type checks on single field values, each reporting a sentence that names the field and what it expected. */
final class Fields {
    private Fields() {}

    /** How a value reads in a message: {@code the string 'x'}, {@code the number 3}, {@code an object}. */
    static String describe(JsonNode value) {
        if (value == null || value.isMissingNode()) return "missing";
        if (value.isTextual()) return "the string '" + shorten(value.asText()) + "'";
        if (value.isNumber()) return "the number " + value.asText();
        if (value.isBoolean()) return value.asText();
        if (value.isNull()) return "null";
        return value.isArray() ? "an array" : "an object";
    }

    /** {@code text} ending in exactly one full stop, for messages that embed a parser's reason. */
    static String sentence(String text) {
        String trimmed = text.strip();
        while (trimmed.endsWith(".")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed + ".";
    }

    static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    static boolean string(Report report, Pointer at, String field, JsonNode value) {
        if (value.isTextual()) return true;
        report.error(at, field + " must be a string, but is " + describe(value) + ".");
        return false;
    }

    static boolean bool(Report report, Pointer at, String field, JsonNode value) {
        if (value.isBoolean()) return true;
        report.error(at, field + " must be true or false, but is " + describe(value) + ".");
        return false;
    }

    static boolean object(Report report, Pointer at, String field, JsonNode value) {
        if (value.isObject()) return true;
        report.error(at, field + " must be an object, but is " + describe(value) + ".");
        return false;
    }

    static boolean nonEmptyArray(Report report, Pointer at, String field, JsonNode value, String of) {
        if (value.isArray() && !value.isEmpty()) return true;
        report.error(at, field + " must be a non-empty array of " + of + ", but is "
                + (value.isArray() ? "empty" : describe(value)) + ".");
        return false;
    }

    /** A whole number within the range of a long; {@code 10.0} counts, as in JSON Schema. */
    static boolean isInteger(JsonNode value) {
        if (value.isIntegralNumber()) {
            return value.canConvertToLong();
        }
        if (!value.isNumber()) {
            return false;
        }
        double d = value.asDouble();
        return Math.rint(d) == d && Math.abs(d) < 9.0e15;
    }

    /** An integer from 1 to {@link Integer#MAX_VALUE}, the range the model holds. */
    static boolean positiveInt(Report report, Pointer at, String field, JsonNode value) {
        if (isInteger(value) && value.asLong() > 0 && value.asLong() <= Integer.MAX_VALUE) return true;
        report.error(at, field + " must be a positive integer (1 to " + Integer.MAX_VALUE + "), but is "
                + describe(value) + ".");
        return false;
    }

    /** An integer from 0 to {@link Integer#MAX_VALUE}, the range the model holds. */
    static boolean nonNegativeInt(Report report, Pointer at, String field, JsonNode value) {
        if (isInteger(value) && value.asLong() >= 0 && value.asLong() <= Integer.MAX_VALUE) return true;
        report.error(at, field + " must be a non-negative integer (0 to " + Integer.MAX_VALUE + "), but is "
                + describe(value) + ".");
        return false;
    }

    /** A JSONata expression such as <code>{% $states.input.id %}</code>, which JSONata states hold in any value. */
    static boolean isExpression(JsonNode value) {
        return io.sluice.orchestration.path.jsonata.Expression.isExpression(value);
    }

    /** The names among {@code fields} that {@code node} has, in the order given. */
    static List<String> present(JsonNode node, Collection<String> fields) {
        List<String> found = new ArrayList<>();
        for (String field : fields) {
            if (node.has(field)) found.add(field);
        }
        return found;
    }

    /** Reports at {@code at} when {@code node} has both fields; they say the same thing two ways. */
    static void notBoth(Report report, Pointer at, JsonNode node, String first, String second) {
        if (node.has(first) && node.has(second)) {
            report.error(at, "Use either " + first + " or " + second + ", not both.");
        }
    }

    /** {@code an item processor}, {@code a branch}: the noun with its indefinite article. */
    static String withArticle(String noun) {
        return ("aeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }

    static String capitalise(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** {@code A, B and C}. */
    static String list(Collection<String> items) {
        List<String> all = List.copyOf(items);
        if (all.size() <= 1) return String.join("", all);
        return String.join(", ", all.subList(0, all.size() - 1)) + " and " + all.get(all.size() - 1);
    }
}
