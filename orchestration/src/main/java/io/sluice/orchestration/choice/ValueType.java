package io.sluice.orchestration.choice;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.OptionalInt;

/** The kind of value a comparison works on; the prefix of the operator name. */
public enum ValueType {
    /** JSON strings, ordered by Unicode code point. */
    STRING("String") {
        @Override
        public boolean accepts(JsonNode node) {
            return node != null && node.isTextual();
        }

        @Override
        public OptionalInt compare(JsonNode left, JsonNode right) {
            return accepts(left) && accepts(right)
                    ? OptionalInt.of(compareCodePoints(left.textValue(), right.textValue())) : OptionalInt.empty();
        }
    },
    /** JSON numbers, compared by value: {@code 1} equals {@code 1.0}. */
    NUMERIC("Numeric") {
        @Override
        public boolean accepts(JsonNode node) {
            return node != null && node.isNumber();
        }

        @Override
        public OptionalInt compare(JsonNode left, JsonNode right) {
            return accepts(left) && accepts(right)
                    ? OptionalInt.of(left.decimalValue().compareTo(right.decimalValue())) : OptionalInt.empty();
        }
    },
    /** JSON booleans; only equality is offered. */
    BOOLEAN("Boolean") {
        @Override
        public boolean accepts(JsonNode node) {
            return node != null && node.isBoolean();
        }

        @Override
        public OptionalInt compare(JsonNode left, JsonNode right) {
            return accepts(left) && accepts(right)
                    ? OptionalInt.of(Boolean.compare(left.booleanValue(), right.booleanValue())) : OptionalInt.empty();
        }
    },
    /** JSON strings holding RFC 3339 timestamps, compared as instants. */
    TIMESTAMP("Timestamp") {
        @Override
        public boolean accepts(JsonNode node) {
            return node != null && node.isTextual() && Timestamps.parse(node.textValue()) != null;
        }

        @Override
        public OptionalInt compare(JsonNode left, JsonNode right) {
            // Parse each side once, rather than in accepts() and again for the comparison.
            Instant l = left != null && left.isTextual() ? Timestamps.parse(left.textValue()) : null;
            Instant r = right != null && right.isTextual() ? Timestamps.parse(right.textValue()) : null;
            return l == null || r == null ? OptionalInt.empty() : OptionalInt.of(l.compareTo(r));
        }
    };

    private final String prefix;

    ValueType(String prefix) {
        this.prefix = prefix;
    }

    /** The part of the operator name before the relation, e.g. {@code Numeric}. */
    public String prefix() {
        return prefix;
    }

    /** Whether this type offers {@code relation}: booleans only have {@code Equals}. */
    public boolean supports(Relation relation) {
        return this != BOOLEAN || relation == Relation.EQUALS;
    }

    /** Whether {@code node} is a value of this type ({@code null} is not). */
    public abstract boolean accepts(JsonNode node);

    /** The order of two values (negative, zero, positive), or empty when either is not of this type. */
    public abstract OptionalInt compare(JsonNode left, JsonNode right);

    /**
     * Code point order. {@link String#compareTo} compares UTF-16 units, which puts characters above
     * U+FFFF before U+E000..U+FFFF.
     */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
