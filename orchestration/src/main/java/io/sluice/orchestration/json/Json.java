package io.sluice.orchestration.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The one JSON toolkit of the core. Payloads are Jackson trees; the core treats every tree it
 * has stored or handed out as immutable and copies before it changes one.
 */
public final class Json {
    /**
     * Parsers and generators take their buffers from one pool shared by all threads. Jackson's default pool is per
     * thread, and the runtime handles each message on a virtual thread of its own, so every parse and write allocated
     * (and zeroed) fresh 4,000- and 2,000-char buffers: a quarter of the bytes a transition allocated
     * (bench/README, "Where the time goes").
     */
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool()).build());
    public static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {}

    /** Parses JSON text; malformed text is reported as {@link IllegalArgumentException} with the parser's position. */
    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr()), e);
        }
    }

    /** Compact one-line JSON text. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** The JSON type name used in error messages: object, array, string, number, boolean, null. */
    public static String typeName(JsonNode node) {
        if (node == null || node.isMissingNode()) return "nothing";
        return switch (node.getNodeType()) {
            case OBJECT, POJO -> "object";
            case ARRAY -> "array";
            case STRING, BINARY -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            case MISSING -> "nothing";
        };
    }
}
