package io.sluice.functions.deadletter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What of a dead-lettered message is kept: its body and attributes without any value under a name that looks like a
 * secret's ({@code password}, {@code clientSecret}, {@code apiKey}, {@code Authorization}, ...) and cut at
 * {@value #MAX_BODY} characters. Sluice's own messages carry secret references ({@code {"secret": name}}), never
 * values, so this guards what a definition or a sender put there by hand. Whatever was left out makes the letter
 * incomplete: it is shown, never re-sent.
 */
final class LetterText {
    static final int MAX_BODY = 16 * 1024;
    static final int MAX_ATTRIBUTE = 1024;
    static final String LEFT_OUT = "(not kept: the name looks like a secret's)";
    private static final List<String> SECRET_WORDS = List.of("password", "passwd", "secret", "apikey", "accesskey", "privatekey",
            "credential", "authorization", "connectionstring", "sastoken", "sessiontoken");

    private LetterText() {}

    /** @param complete whether nothing was left out or cut */
    record Kept(String body, Map<String, String> attributes, boolean complete) {}

    static Kept of(String body, Map<String, String> attributes) {
        boolean[] complete = {true};
        String kept = body(body == null ? "" : body, complete);
        Map<String, String> shown = new LinkedHashMap<>();
        attributes.forEach((k, v) -> {
            if (secretName(k)) {
                shown.put(k, LEFT_OUT);
                complete[0] = false;
            } else if (v != null && v.length() > MAX_ATTRIBUTE) {
                shown.put(k, v.substring(0, MAX_ATTRIBUTE));
                complete[0] = false;
            } else {
                shown.put(k, v == null ? "" : v);
            }
        });
        return new Kept(kept, shown, complete[0]);
    }

    private static String body(String body, boolean[] complete) {
        String out = body;
        try {
            JsonNode json = Json.parse(body);
            if (json != null && json.isContainerNode() && mask(json)) {
                complete[0] = false;
                out = Json.write(json);
            }
        } catch (IllegalArgumentException notJson) {
            // kept as text
        }
        if (out.length() > MAX_BODY) {
            complete[0] = false;
            out = out.substring(0, MAX_BODY);
        }
        return out;
    }

    /** Masks, in place, every value under a secret-looking name; answers whether it masked any. */
    private static boolean mask(JsonNode node) {
        boolean masked = false;
        if (node instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (secretName(e.getKey()) && !isReference(e.getKey(), e.getValue())) {
                    e.setValue(Json.NODES.textNode(LEFT_OUT));
                    masked = true;
                } else {
                    masked |= mask(e.getValue());
                }
            }
        } else if (node instanceof ArrayNode a) {
            for (JsonNode item : a) {
                masked |= mask(item);
            }
        }
        return masked;
    }

    /** {@code "secret": "<name>"} is how Sluice refers to a secret: a name, not the value. */
    private static boolean isReference(String name, JsonNode value) {
        return name.equals("secret") && value.isTextual();
    }

    static boolean secretName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        return SECRET_WORDS.stream().anyMatch(n::contains);
    }
}
