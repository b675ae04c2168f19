package io.sluice.redis;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A queued message's attributes and body as one Redis string:
 * {@code <attribute count>;} then each name and value as {@code <length>:<text>}, then the body.
 * Lengths count Java chars, so any text (separators included) survives unescaped.
 */
record QueueEnvelope(Map<String, String> attributes, String body) {

    String encode() {
        StringBuilder out = new StringBuilder(body.length() + 16 + attributes.size() * 32);
        out.append(attributes.size()).append(';');
        attributes.forEach((name, value) -> {
            out.append(name.length()).append(':').append(name);
            out.append(value.length()).append(':').append(value);
        });
        return out.append(body).toString();
    }

    static QueueEnvelope decode(String encoded) {
        int at = encoded.indexOf(';');
        int count = Integer.parseInt(encoded, 0, at, 10);
        at++;
        Map<String, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            int nameEnd = encoded.indexOf(':', at);
            int nameLength = Integer.parseInt(encoded, at, nameEnd, 10);
            String name = encoded.substring(nameEnd + 1, nameEnd + 1 + nameLength);
            at = nameEnd + 1 + nameLength;
            int valueEnd = encoded.indexOf(':', at);
            int valueLength = Integer.parseInt(encoded, at, valueEnd, 10);
            attributes.put(name, encoded.substring(valueEnd + 1, valueEnd + 1 + valueLength));
            at = valueEnd + 1 + valueLength;
        }
        return new QueueEnvelope(attributes, encoded.substring(at));
    }
}
