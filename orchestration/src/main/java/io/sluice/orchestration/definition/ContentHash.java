package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** The content hash of a definition: SHA-256 of its canonical JSON (keys sorted), so formatting does not change it. */
public final class ContentHash {
    private ContentHash() {}

    public static String of(JsonNode definition) {
        return "sha256:" + HexFormat.of().formatHex(sha256(Json.write(canonical(definition))));
    }

    /** SHA-256 of {@code bytes}: the one digest the runtime's ids, names and keys are made from. */
    public static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    /** SHA-256 of {@code text} in UTF-8. */
    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    static JsonNode canonical(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            ObjectNode sorted = Json.object();
            for (String name : names) {
                sorted.set(name, canonical(node.get(name)));
            }
            return sorted;
        }
        if (node.isArray()) {
            var out = Json.NODES.arrayNode(node.size());
            node.forEach(item -> out.add(canonical(item)));
            return out;
        }
        return node;
    }
}
