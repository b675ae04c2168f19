package io.sluice.orchestration.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * The size of a JSON value as Step Functions counts its payloads: the bytes of its compact JSON text
 * ({@link Json#write}) encoded in UTF-8, computed by walking the tree rather than by writing the text, and
 * given up as soon as it passes a limit, so measuring a value far too big costs no more than the limit.
 */
public final class JsonSize {
    /** Step Functions' payload quota for a state's input, a task's result and a state's output: 256 KiB. */
    public static final long PAYLOAD_LIMIT = 262_144;

    private JsonSize() {}

    /** The UTF-8 bytes of {@code node}'s compact JSON text, or a number above {@code limit} once it passes it. */
    public static long utf8Bytes(JsonNode node, long limit) {
        return new Counter(limit).add(node);
    }

    private static final class Counter {
        private final long limit;
        private long total;

        Counter(long limit) {
            this.limit = limit;
        }

        long add(JsonNode node) {
            walk(node);
            return total;
        }

        /** Returns false once the limit is passed, so the walk stops. */
        private boolean walk(JsonNode node) {
            if (node == null || node.isMissingNode()) {
                total += 4; // null
            } else if (node.isObject()) {
                total += 2; // { }
                boolean first = true;
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    total += (first ? 0 : 1) + 1; // , and :
                    first = false;
                    total += string(e.getKey());
                    if (total > limit || !walk(e.getValue())) {
                        return false;
                    }
                }
            } else if (node.isArray()) {
                total += 2 + Math.max(0, node.size() - 1); // [ ] and commas
                for (JsonNode item : node) {
                    if (total > limit || !walk(item)) {
                        return false;
                    }
                }
            } else if (node.isTextual()) {
                total += string(node.textValue());
            } else if (node.isNumber() || node.isBoolean()) {
                total += node.asText().length(); // ASCII text; asText, not toString, which runs a whole JSON writer
            } else if (node.isNull()) {
                total += 4;
            } else {
                total += node.toString().length(); // binary and POJO nodes: rare
            }
            return total <= limit;
        }
    }

    /** The UTF-8 bytes of {@code s} as a JSON string literal, quotes included, escaped as Jackson escapes it. */
    static long string(String s) {
        long n = 2;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20) {
                n += (c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f') ? 2 : 6;
            } else if (c == '"' || c == '\\') {
                n += 2;
            } else if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                n += 1; // a lone surrogate becomes '?' in UTF-8
            } else {
                n += 3;
            }
        }
        return n;
    }
}
