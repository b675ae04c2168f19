package io.sluice.azure.queue;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a Storage Queue message of {@link StorageTaskQueue} holds, as ASCII-only JSON (so it is valid XML
 * text and survives either message encoding of the SDK):
 *
 * <ul>
 *   <li>{@link Kind#PLAIN}: a message without a group, with its body and attributes ({@code id} kept for the
 *       dead-letter queue's reader);</li>
 *   <li>{@link Kind#JOIN}: a message of a group that has not joined its group's log yet (its sender died
 *       before appending it, or it was delayed): whoever receives it appends it, then it is a doorbell;</li>
 *   <li>{@link Kind#DOORBELL}: "group {@code g} may have a message to deliver": it carries no message,
 *       the group's log in Table storage does.</li>
 * </ul>
 */
record QueueEnvelope(Kind kind, String body, Map<String, String> attributes, String group, String id, String messageId) {
    enum Kind { PLAIN, JOIN, DOORBELL }

    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    static QueueEnvelope plain(String body, Map<String, String> attributes, String id) {
        return new QueueEnvelope(Kind.PLAIN, body, attributes, null, id, null);
    }

    static QueueEnvelope join(String body, Map<String, String> attributes, String group, String id, String messageId) {
        return new QueueEnvelope(Kind.JOIN, body, attributes, group, id, messageId);
    }

    static QueueEnvelope doorbell(String group) {
        return new QueueEnvelope(Kind.DOORBELL, null, Map.of(), group, null, null);
    }

    String encode() {
        ObjectNode o = JSON.createObjectNode().put("k", kind.name().substring(0, 1));
        if (body != null) {
            o.put("b", body);
        }
        if (attributes != null && !attributes.isEmpty()) {
            ObjectNode a = o.putObject("a");
            attributes.forEach(a::put);
        }
        putIf(o, "g", group);
        putIf(o, "i", id);
        putIf(o, "m", messageId);
        try {
            return JSON.writeValueAsString(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void putIf(ObjectNode o, String field, String value) {
        if (value != null) {
            o.put(field, value);
        }
    }

    /** Reads a message this queue wrote; anything else (a message some other sender put on the queue) is plain text. */
    static QueueEnvelope decode(String text) {
        JsonNode o;
        try {
            o = JSON.readTree(text);
        } catch (IOException e) {
            return plain(text, Map.of(), null);
        }
        if (o == null || !o.isObject() || !o.path("k").isTextual()) {
            return plain(text, Map.of(), null);
        }
        Kind kind = switch (o.get("k").asText()) {
            case "J" -> Kind.JOIN;
            case "D" -> Kind.DOORBELL;
            default -> Kind.PLAIN;
        };
        Map<String, String> attributes = new LinkedHashMap<>();
        o.path("a").properties().forEach(e -> attributes.put(e.getKey(), e.getValue().asText()));
        return new QueueEnvelope(kind, text(o, "b"), attributes, text(o, "g"), text(o, "i"), text(o, "m"));
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    static String attributesJson(Map<String, String> attributes) {
        try {
            return JSON.writeValueAsString(attributes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, String> attributesFrom(String json) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null) {
            return out;
        }
        try {
            JSON.readTree(json).properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

}
